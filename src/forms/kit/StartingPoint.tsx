import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ApplicationPrefill } from '@/api/contracts/applicant';
import { Button } from '@/components/Button';
import { portalRoutes } from '@/applicant/routes';
import { REAPPLY_PARAM } from '@/config/routes';
import type { FormDefinition, FormValues } from '@/forms/definitions/types';
import { DraftDiscarded, DraftNotice, savedAtWords } from './DraftNotice';
import { discardDraft, loadStoredDraft } from './draftStorage';
import { useHydrated } from './useHydrated';
import styles from './DraftNotice.module.css';

type Previous =
  | { readonly state: 'none' }
  | { readonly state: 'ready'; readonly prefill: ApplicationPrefill }
  | { readonly state: 'failed'; readonly reference: string; readonly status: number; readonly message: string };

/** Which answers the form holds once both a draft and a prefill exist: the applicant is asked, never overwritten. */
type Choice = 'ask' | 'prefill' | 'draft' | null;

type Props = {
  definition: FormDefinition;
  defaults: FormValues;
  form: UseFormReturn<FormValues>;
  /** The earlier application the submission names (`?desde=`), once its prefill is the applicant's. */
  onPrevious: (reference: string) => void;
  /** Throws the draft away and empties the form. */
  onDiscard: () => void;
};

/** Only the names the form has (a draft or a prefill from an older version of the form may hold others). */
const knownValues = (values: Readonly<Record<string, string>>, defaults: FormValues): FormValues =>
  Object.fromEntries(Object.entries(values).filter(([name]) => Object.hasOwn(defaults, name)));

/**
 * What the form starts from, put in after hydration (the exported HTML has neither): a draft from an earlier visit, and,
 * on an apply page opened with `?desde=<reference>` from the portal ("Volver a solicitar"), the answers of that
 * rejected or withdrawn application (GET /api/applicant/applications/:reference/prefill, with the applicant's session).
 * With both, the applicant chooses; the draft is never overwritten unasked. Only this part renders again once the
 * page has hydrated.
 */
export function StartingPoint({ definition, defaults, form, onPrevious, onDiscard }: Props) {
  const hydrated = useHydrated();
  /** The draft and the earlier application's reference, read once the page has hydrated. */
  const start = useMemo(() => {
    if (!hydrated) return null;
    const stored = definition.saveDraft ? loadStoredDraft(definition.key) : null;
    const restored = stored && Object.keys(knownValues(stored.values, defaults)).length > 0 ? stored : null;
    const reference = definition.kind === 'application' ? new URLSearchParams(window.location.search).get(REAPPLY_PARAM) : null;
    return { restored, reference: reference || null };
  }, [hydrated, definition, defaults]);
  /** The restored draft was discarded, or replaced by the earlier application's answers. */
  const [draftGone, setDraftGone] = useState(false);
  const [discarded, setDiscarded] = useState(false);
  const [previous, setPrevious] = useState<Previous>({ state: 'none' });
  const [choice, setChoice] = useState<Choice>(null);
  /** Where the focus goes once the buttons that had it are gone (a choice made, a draft discarded). */
  const [focusOn, setFocusOn] = useState<'discarded' | 'prefill' | 'draft' | null>(null);
  const discardedMessage = useRef<HTMLParagraphElement>(null);
  const reapplyMessage = useRef<HTMLParagraphElement>(null);
  const draftMessage = useRef<HTMLParagraphElement>(null);
  const draft = start?.restored && !draftGone ? start.restored : null;

  useEffect(() => {
    if (start?.restored) form.reset({ ...defaults, ...knownValues(start.restored.values, defaults) });
  }, [start, defaults, form]);

  useEffect(() => {
    const reference = start?.reference;
    if (!reference) return undefined;
    const restored = start.restored;
    let live = true;
    // The portal's client loads only on a page opened to reapply: every other visit of a form goes without it.
    void import('@/api/applicant').then(({ applicantApi }) =>
      applicantApi.prefill(reference).then(
        (prefill) => {
          if (!live) return;
          if (prefill.form !== definition.key) {
            setPrevious({ state: 'failed', reference, status: 409, message: 'La solicitud anterior es de otro programa: vuelve a solicitar desde el formulario de su programa.' });
            return;
          }
          onPrevious(prefill.reference);
          setPrevious({ state: 'ready', prefill });
          if (restored && restored.from !== prefill.reference) {
            setChoice('ask');
          } else if (restored) {
            // The draft was started from this very application: it holds the applicant's later changes.
            setChoice('draft');
          } else {
            form.reset({ ...defaults, ...knownValues(prefill.values, defaults) });
            setChoice('prefill');
          }
        },
        (error: unknown) => {
          if (!live) return;
          const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
          const message = error instanceof Error && error.message ? error.message : 'No pudimos cargar tu solicitud anterior. Inténtalo de nuevo más tarde.';
          setPrevious({ state: 'failed', reference, status, message });
        },
      ),
    );
    return () => {
      live = false;
    };
  }, [start, definition, defaults, form, onPrevious]);

  // The buttons that had the focus are gone: it lands on what the form now holds.
  useEffect(() => {
    const target = { discarded: discardedMessage, prefill: reapplyMessage, draft: draftMessage }[focusOn ?? 'draft'];
    if (focusOn) target.current?.focus();
  }, [focusOn]);

  function discard() {
    onDiscard();
    setDraftGone(true);
    setDiscarded(true);
    setFocusOn('discarded');
  }

  function takePrefill(prefill: ApplicationPrefill) {
    discardDraft(definition.key);
    form.reset({ ...defaults, ...knownValues(prefill.values, defaults) });
    setDraftGone(true);
    setChoice('prefill');
    setFocusOn('prefill');
  }

  const prefill = previous.state === 'ready' ? previous.prefill : null;
  return (
    <>
      {start?.reference && previous.state === 'none' ? (
        <p role="status" className={styles.notice}>
          Loading your answers from application {start.reference}…
        </p>
      ) : null}
      {previous.state === 'failed' ? <PrefillFailed reference={previous.reference} status={previous.status} message={previous.message} /> : null}
      {prefill && choice === 'ask' && draft ? (
        <div role="group" aria-labelledby="draft-or-previous" className={styles.notice}>
          <p id="draft-or-previous" className={styles.text}>
            You have a draft of this form in this browser{savedAtWords(draft.savedAt)}. Do you want to replace it with your answers from application{' '}
            {prefill.reference}? Nothing changes until you choose.
          </p>
          <Button type="button" size="small" onClick={() => takePrefill(prefill)}>
            Use my answers from {prefill.reference}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="small"
            onClick={() => {
              setChoice('draft');
              setFocusOn('draft');
            }}
          >
            Keep my draft
          </Button>
        </div>
      ) : null}
      {prefill && choice === 'prefill' ? <ReapplyNotice prefill={prefill} submitLabel={definition.submitLabel} takesFile={definition.upload} focusRef={reapplyMessage} /> : null}
      {draft && choice !== 'ask' && !discarded ? (
        <DraftNotice savedAt={draft.savedAt} onDiscard={discard} focusRef={draftMessage}>
          {prefill ? ` Your new application will be linked to ${prefill.reference}.${definition.upload ? ' Files are not kept in drafts: choose yours again.' : ''}` : null}
        </DraftNotice>
      ) : null}
      {discarded ? <DraftDiscarded focusRef={discardedMessage} /> : null}
    </>
  );
}

/** The form filled from an earlier application: what came, what did not (the file), and that nothing is sent yet. */
function ReapplyNotice({ prefill, submitLabel, takesFile, focusRef }: { prefill: ApplicationPrefill; submitLabel: string; takesFile: boolean; focusRef: Ref<HTMLParagraphElement> }) {
  return (
    <div role="status" className={styles.notice}>
      <p ref={focusRef} tabIndex={-1} className={styles.text}>
        This form is filled in with your answers from application {prefill.reference}. Change what you want: nothing is sent until you press
        “{submitLabel}”, and your new application gets its own reference, linked to {prefill.reference}.{' '}
        {takesFile
          ? prefill.fileName
            ? `Files are not copied: “${prefill.fileName}” is not attached, so choose your file again if you want to send one.`
            : 'Files are not copied: choose a file if you want to send one.'
          : null}
      </p>
    </div>
  );
}

/** The prefill was refused (signed out, not theirs, not rejected or withdrawn): the server's Spanish words, and what the form still does. */
function PrefillFailed({ reference, status, message }: { reference: string; status: number; message: string }) {
  return (
    <div role="alert" className={styles.notice}>
      <div className={styles.text}>
        <p lang="es">
          {message}
          {status === 401 ? (
            <>
              {' '}
              <a href={portalRoutes.home}>Entra en Mi solicitud</a> y vuelve a abrir «Volver a solicitar».
            </>
          ) : null}
        </p>
        <p>This form is empty: if you send it, it will not be linked to application {reference}.</p>
      </div>
    </div>
  );
}
