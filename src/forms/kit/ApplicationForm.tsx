import { memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useFormState, type Resolver, type UseFormReturn } from 'react-hook-form';
import type ReCAPTCHA from 'react-google-recaptcha';
import { isCancelled, refusalMessage, sendForm, type ApiAnswerWithText, type SendProgress } from '@/api/client';
import type { FieldDefinition, FieldErrors, FormDefinition, FormValues, UploadInfo } from '@/forms/definitions/types';
import { defaultValues, validateForm, visibleSections } from '@/forms/definitions/validate';
import { GENERIC_ERROR_MESSAGE, notify } from '@/lib/notify';
import { roundContact } from '@/lib/rounds';
import { REAPPLY_PARAM } from '@/config/routes';
import { CaptchaField } from './CaptchaField';
import { discardDraft, saveDraft } from './draftStorage';
import { MissingList } from './MissingList';
import { PrivacyNotice } from './PrivacyNotice';
import { RadioField } from './RadioField';
import { hookFormErrors } from './resolver';
import { SendProgressBar, useCancellableSend } from './SendProgress';
import { SelectField } from './SelectField';
import { StartingPoint } from './StartingPoint';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { UploadField } from './UploadField';
import { sameList, useFormSelector } from './useFormSelector';
import styles from './ApplicationForm.module.css';

/** Pause in typing after which the draft is written: often enough to lose nothing, not at every key. */
const DRAFT_DELAY_MS = 400;

export type ApplicationFormProps = {
  definition: FormDefinition;
  /** A more specific toast for a failed answer than the generic one (finance: unknown security ID). */
  failureMessage?: (status: number) => string | undefined;
  /**
   * When given, the first submit shows this summary of the values instead of sending, and the
   * applicant confirms it (grantee finance: money goes where these details say).
   */
  review?: (values: FormValues) => ReactNode;
};

type Form = UseFormReturn<FormValues>;

type Sections = ReturnType<typeof visibleSections>;

/** Two section lists show the same fields (a keystroke rarely changes which fields are visible). */
function sameSections(a: Sections, b: Sections): boolean {
  const names = (sections: Sections) => sections.flatMap(({ section, fields }) => [section.id, ...fields.map((field) => field.name)]);
  return sameList(names(a), names(b));
}

function sameErrors(a: FieldErrors, b: FieldErrors): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((name) => a[name] === b[name]);
}

/**
 * One application form, rendered from its definition: the
 * visible sections and their fields, validation on blur, drafts, upload, captcha and the one submit
 * path: success resets and goes to the thank-you page; failure toasts, logs and
 * keeps every value; the captcha is reset after every attempt.
 *
 * The inputs are uncontrolled and nothing here watches the values: each part subscribes to what it
 * shows (a field to its own error and required state, the counter to its field, the sections to the
 * visibility rules, the submit area to what is missing), so a keystroke re-renders only its counter.
 */
export function ApplicationForm(props: ApplicationFormProps) {
  // The Suspense boundary lets React hydrate the form after the rest of the page, in slices of a few
  // milliseconds (a server-rendered boundary hydrates at a low, interruptible priority), instead of
  // inside the page's one hydration task. The server HTML stays in place meanwhile, and what is typed
  // or chosen before a field hydrates is kept (useRegisterKeepingEarlyInput). React's server renderer writes a long
  // boundary out of place, to be moved in by a script after load; the export puts it back in place
  // (scripts/postexport.ts, inlineOutlinedBoundaries), or the form would appear late and shift the page.
  return (
    <Suspense fallback={null}>
      <FormBody {...props} />
    </Suspense>
  );
}

function FormBody({ definition, failureMessage, review }: ApplicationFormProps) {
  const defaults = useMemo(() => defaultValues(definition), [definition]);
  const fileField = definition.fields.find((field) => field.kind === 'file');
  const captchaField = definition.fields.find((field) => field.kind === 'captcha');

  const [file, setFile] = useState<File | null>(null);
  const [uploadRejection, setUploadRejection] = useState<string>();
  const upload: UploadInfo = file ? { size: file.size } : null;
  const uploadForResolver = useRef<UploadInfo>(null);
  useEffect(() => {
    uploadForResolver.current = upload;
  });

  const resolver = useCallback<Resolver<FormValues>>(
    async (values) => {
      const errors = validateForm(definition, values, uploadForResolver.current);
      return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: hookFormErrors(errors) };
    },
    [definition],
  );
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: defaults, resolver });
  const sections = useFormSelector(form, (values) => visibleSections(definition, values), sameSections);

  const [reviewing, setReviewing] = useState(false);
  const hasReviewStep = review !== undefined;
  const captcha = useRef<ReCAPTCHA>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The rejected or withdrawn application this one is sent again from (reapplying), once its prefill came: kept with the draft, named by the send. */
  const previous = useRef<string | null>(null);
  const onPrevious = useCallback((reference: string) => {
    previous.current = reference;
  }, []);

  // On every change: the fields the changed one resets go back to their defaults, a review in
  // progress is abandoned, and the draft is written once typing pauses.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values: all, name, type }) => {
          if (type === 'change' && name) {
            const changed = definition.fields.find((field) => field.name === name);
            for (const resetName of changed?.resetsOnChange ?? []) form.setValue(resetName, defaults[resetName] ?? '');
            // Only forms with a review step have one to abandon: a state update here would render
            // the whole form again on an applicant's first keystroke.
            if (hasReviewStep) setReviewing(false);
          }
          if (!definition.saveDraft) return;
          clearTimeout(draftTimer.current);
          draftTimer.current = setTimeout(() => saveDraft(definition.key, all, defaults, previous.current), DRAFT_DELAY_MS);
        },
      }),
    [definition, defaults, form, hasReviewStep],
  );
  useEffect(() => () => clearTimeout(draftTimer.current), []);

  const resetCaptcha = useCallback(() => {
    if (!captchaField) return;
    captcha.current?.reset();
    form.setValue(captchaField.name, '');
  }, [captchaField, form]);

  function discardRestoredDraft() {
    clearTimeout(draftTimer.current);
    discardDraft(definition.key);
    form.reset(defaults);
  }

  const sending = useCancellableSend();
  /** The server's refusal of the last send (a round closed past its grace period), shown above the button. */
  const [refusal, setRefusal] = useState<string | null>(null);

  async function send(sent: FormValues) {
    let answer: ApiAnswerWithText | null = null;
    setRefusal(null);
    let cancelled = false;
    try {
      const files: Record<string, File> = fileField && file ? { [fileField.name]: file } : {};
      const endpoint = definition.endpoint(sent);
      const reapplying = previous.current;
      // Sent again from an earlier application: the server checks the applicant's session owns it and links the two.
      const target = reapplying ? { ...endpoint, path: `${endpoint.path}?${REAPPLY_PARAM}=${encodeURIComponent(reapplying)}` } : endpoint;
      answer = await sending.run((options) => sendForm(target, definition.toPayload(sent), files, options));
    } catch (error) {
      cancelled = isCancelled(error);
      if (!cancelled) console.error(`The ${definition.key} application could not be sent`, error);
    }
    resetCaptcha();
    setReviewing(false);
    // The applicant stopped it: every value stays, and the progress area says so instead of a toast.
    if (cancelled) return;
    if (answer?.ok) {
      clearTimeout(draftTimer.current);
      if (definition.saveDraft) discardDraft(definition.key);
      form.reset(defaults);
      setFile(null);
      // A full page load, not a client-side route change: the thank-you page is a content page, with no
      // React or Next of its own (its light scripts run and its page view is counted only when it loads).
      window.location.assign(definition.thankYouPath);
      return;
    }
    if (answer) console.error(`The ${definition.key} application was refused with status ${answer.status}`);
    // 403: the round closed. Sent again from an earlier application, also the refusals of that link (401, 404, 409, 400).
    const refusable = answer?.status === 403 || (previous.current !== null && [400, 401, 404, 409].includes(answer?.status ?? 0));
    const refused = answer && refusable ? refusalMessage(answer.text) : null;
    if (refused) {
      // Every value stays in the form, and in the browser's draft even if typing paused less than DRAFT_DELAY_MS ago.
      clearTimeout(draftTimer.current);
      if (definition.saveDraft) saveDraft(definition.key, form.getValues(), defaults, previous.current);
      setRefusal(refused);
      return;
    }
    void notify.error((answer && failureMessage?.(answer.status)) ?? GENERIC_ERROR_MESSAGE);
  }

  async function submitValid(sent: FormValues) {
    if (review && !reviewing) {
      setReviewing(true);
      return;
    }
    await send(sent);
  }

  const renderField = useCallback(
    (field: FieldDefinition) => {
      switch (field.kind) {
        case 'select':
          return <SelectField key={field.name} field={field} form={form} />;
        case 'radio':
          return <RadioField key={field.name} field={field} form={form} />;
        case 'file':
          return (
            <UploadField
              key={field.name}
              field={field}
              form={form}
              file={file}
              rejection={uploadRejection}
              onFile={(chosen) => {
                setUploadRejection(undefined);
                setFile(chosen);
              }}
              onRejected={setUploadRejection}
            />
          );
        case 'captcha':
          return (
            <CaptchaField
              key={field.name}
              field={field}
              form={form}
              captchaRef={captcha}
              onToken={(token) => form.setValue(field.name, token, { shouldValidate: token !== '' })}
              onExpired={resetCaptcha}
            />
          );
        default:
          return <TextField key={field.name} field={field} form={form} />;
      }
    },
    [file, form, resetCaptcha, uploadRejection],
  );

  return (
    // The forms are English inside Spanish pages: lang tells screen readers to switch voice.
    <form id={definition.elementId} lang="en" noValidate onSubmit={(event) => form.handleSubmit(submitValid)(event)} className={styles.form}>
      <StartingPoint definition={definition} defaults={defaults} form={form} onPrevious={onPrevious} onDiscard={discardRestoredDraft} />
      {sections.map(({ section, fields }) => (
        <FormSection key={section.id} section={section} fields={fields} renderField={renderField} />
      ))}
      {refusal ? <Refusal message={refusal} contactEmail={roundContact(definition.key)} keptInDraft={definition.saveDraft} /> : null}
      {review && reviewing ? <ReviewPanel onEdit={() => setReviewing(false)}>{review(form.getValues())}</ReviewPanel> : null}
      <SubmitArea
        definition={definition}
        form={form}
        upload={upload}
        label={review && reviewing ? 'Confirm and send' : definition.submitLabel}
        progress={sending.progress}
        cancelled={sending.cancelled}
        onCancel={sending.cancel}
      />
      <PrivacyNotice definition={definition} />
    </form>
  );
}

type SectionProps = Sections[number] & { renderField: (field: FieldDefinition) => ReactNode };

/**
 * One section of the form, memoised on the fields it shows: what re-renders the form around it (a
 * file chosen, the review step opening) leaves the sections and their fields alone.
 */
const FormSection = memo(
  function FormSection({ section, fields, renderField }: SectionProps) {
    return (
      <section aria-labelledby={`section-${section.id}`} className={styles.section}>
        <h2 id={`section-${section.id}`} className={styles.sectionTitle}>
          {section.title}
        </h2>
        {section.note ? <p className={styles.sectionNote}>{section.note}</p> : null}
        {fields.map(renderField)}
      </section>
    );
  },
  (before, after) => before.section === after.section && before.renderField === after.renderField && sameSections([before], [after]),
);

/**
 * The submit button, disabled while something is missing or wrong, and the list of what is: the
 * whole form is checked at every change, but this part re-renders only when the outcome changes.
 */
type SubmitAreaProps = {
  definition: FormDefinition;
  form: Form;
  upload: UploadInfo;
  label: string;
  /** How much of the send has gone out, while one is in flight. */
  progress: SendProgress | null;
  cancelled: boolean;
  onCancel: () => void;
};

function SubmitArea({ definition, form, upload, label, progress, cancelled, onCancel }: SubmitAreaProps) {
  const liveErrors = useFormSelector(form, (values) => validateForm(definition, values, upload), sameErrors);
  const { isSubmitting } = useFormState({ control: form.control });
  const invalid = Object.keys(liveErrors).length > 0;
  const missingId = `${definition.elementId}-missing`;
  return (
    <>
      <SubmitButton label={label} submitting={isSubmitting} disabled={invalid} describedBy={invalid ? missingId : undefined} />
      <SendProgressBar id={`${definition.elementId}-progress`} progress={isSubmitting ? progress : null} cancelled={cancelled && !isSubmitting} onCancel={onCancel} />
      {invalid && !isSubmitting ? <MissingList id={missingId} fields={definition.fields} errors={liveErrors} /> : null}
    </>
  );
}

/**
 * A send the server refused (403: the round closed past its grace period), in the server's Spanish
 * words, with whom to write to and what was kept. An alert, so a screen reader says it at once.
 */
function Refusal({ message, contactEmail, keptInDraft }: { message: string; contactEmail: string; keptInDraft: boolean }) {
  return (
    <div role="alert" lang="es" className={styles.refusal}>
      <p>{message}</p>
      {message.includes(contactEmail) ? null : (
        <p>
          Escríbenos a <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      )}
      <p>{keptInDraft ? 'Tus respuestas siguen en este formulario y guardadas en este navegador.' : 'Tus respuestas siguen en este formulario.'}</p>
    </div>
  );
}

function ReviewPanel({ onEdit, children }: { onEdit: () => void; children: ReactNode }) {
  return (
    <section aria-labelledby="review-heading" className={styles.review}>
      {/* Focus moves to the summary when it opens, so keyboard and screen reader users land on it. */}
      <h2 id="review-heading" ref={(heading: HTMLHeadingElement | null) => heading?.focus()} tabIndex={-1} className={styles.reviewTitle}>
        Please check your payment details
      </h2>
      {children}
      <button type="button" className={styles.reviewEdit} onClick={onEdit}>
        Go back and edit
      </button>
    </section>
  );
}
