/**
 * Drafts of long applications kept in the browser (localStorage), so that a closed tab, a dead
 * battery or a failed submit loses nothing. Only typed values are kept: never the file, the
 * captcha token or a security ID. Nothing is kept on the server.
 *
 * One draft a form: two tabs of the same form write the same draft, and the last one written wins
 * (the restored notice says when it was saved, so the applicant can tell which one came back).
 */

const PREFIX = 'borrador:';
/** Values never written to a draft: the file, the captcha token, the grantee's security key phrase. */
const NEVER_STORED = new Set(['captchaToken', 'uploadProposal', 'granteeSecurityID']);

export type DraftValues = Record<string, string>;

/** A draft as kept: its values, when it was written, and the earlier application it was started from (reapplying), if any. */
export type StoredDraft = { readonly values: DraftValues; readonly savedAt: string | null; readonly from: string | null };

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
 * defaults (a pre-selected 'No' is not something the applicant wrote). `from`: the reference of
 * the earlier application the form was filled from. `now`: the moment written down with it.
 */
export function saveDraft(formKey: string, values: Record<string, unknown>, defaults: DraftValues = {}, from: string | null = null, now: Date = new Date()): void {
  const kept: DraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!NEVER_STORED.has(name) && typeof value === 'string') kept[name] = value;
  }
  const hasContent = Object.entries(kept).some(([name, value]) => value.trim() !== '' && value !== defaults[name]);
  try {
    if (hasContent) storage()?.setItem(PREFIX + formKey, JSON.stringify({ savedAt: now.toISOString(), from, values: kept }));
    else storage()?.removeItem(PREFIX + formKey);
  } catch {
    // Quota exceeded: the form keeps working without a draft.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function textsOf(record: Record<string, unknown>): DraftValues {
  const values: DraftValues = {};
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === 'string' && !NEVER_STORED.has(name)) values[name] = value;
  }
  return values;
}

/** The form's draft, or null; a draft written before drafts had a date (a plain object of texts) comes back without one. */
export function loadStoredDraft(formKey: string): StoredDraft | null {
  const raw = storage()?.getItem(PREFIX + formKey);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return null;
    if (!isRecord(parsed.values)) return { values: textsOf(parsed), savedAt: null, from: null };
    const savedAt = typeof parsed.savedAt === 'string' && !Number.isNaN(Date.parse(parsed.savedAt)) ? parsed.savedAt : null;
    return { values: textsOf(parsed.values), savedAt, from: typeof parsed.from === 'string' ? parsed.from : null };
  } catch {
    return null;
  }
}

/** The draft's values alone. */
export function loadDraft(formKey: string): DraftValues | null {
  return loadStoredDraft(formKey)?.values ?? null;
}

export function discardDraft(formKey: string): void {
  try {
    storage()?.removeItem(PREFIX + formKey);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}
