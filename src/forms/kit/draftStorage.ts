/**
 * Drafts of long applications kept in the browser (localStorage), so that a closed tab, a dead
 * battery or a failed submit loses nothing. Only typed values are kept: never the file, the
 * captcha token or a security ID.
 */

const PREFIX = 'borrador:';
/** Values never written to a draft: the file, the captcha token, the grantee's security key phrase. */
const NEVER_STORED = new Set(['captchaToken', 'uploadProposal', 'granteeSecurityID']);

export type DraftValues = Record<string, string>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private modes and disabled storage throw on access: drafts are then simply off.
    return null;
  }
}

/**
 * Keeps the typed values of a form; removes the draft instead when nothing differs from the form's
 * defaults (a pre-selected 'No' is not something the applicant wrote).
 */
export function saveDraft(formKey: string, values: Record<string, unknown>, defaults: DraftValues = {}): void {
  const kept: DraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!NEVER_STORED.has(name) && typeof value === 'string') kept[name] = value;
  }
  const hasContent = Object.entries(kept).some(([name, value]) => value.trim() !== '' && value !== defaults[name]);
  try {
    if (hasContent) storage()?.setItem(PREFIX + formKey, JSON.stringify(kept));
    else storage()?.removeItem(PREFIX + formKey);
  } catch {
    // Quota exceeded: the form keeps working without a draft.
  }
}

export function loadDraft(formKey: string): DraftValues | null {
  const raw = storage()?.getItem(PREFIX + formKey);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const values: DraftValues = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === 'string' && !NEVER_STORED.has(name)) values[name] = value;
    }
    return values;
  } catch {
    return null;
  }
}

export function discardDraft(formKey: string): void {
  try {
    storage()?.removeItem(PREFIX + formKey);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}
