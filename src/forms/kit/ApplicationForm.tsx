import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { chakra } from '@chakra-ui/react';
import { useForm, useWatch, type FieldErrors as HookFormErrors, type Resolver } from 'react-hook-form';
import type ReCAPTCHA from 'react-google-recaptcha';
import { sendForm, type ApiAnswer } from '@/api/client';
import { isRequired } from '@/forms/definitions/fieldState';
import type { FieldDefinition, FieldErrors, FormDefinition, FormValues, UploadInfo } from '@/forms/definitions/types';
import { defaultValues, validateForm, validateUpload, visibleSections } from '@/forms/definitions/validate';
import { GENERIC_ERROR_MESSAGE, notify } from '@/lib/notify';
import { CaptchaField } from './CaptchaField';
import { DraftNotice } from './DraftNotice';
import { discardDraft, loadDraft, saveDraft } from './draftStorage';
import { MissingList } from './MissingList';
import { RadioField } from './RadioField';
import { SelectField } from './SelectField';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { UploadField } from './UploadField';
import { useHydrated } from './useHydrated';

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

function hookFormErrors(errors: FieldErrors): HookFormErrors<FormValues> {
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: 'validate', message }]));
}

/**
 * One application form, rendered from its definition (DESIGN.md, "One definition per form"): the
 * visible sections and their fields, validation on blur, drafts, upload, captcha and the one submit
 * path of spec section 4: success resets and goes to the thank-you page; failure toasts, logs and
 * keeps every value; the captcha is reset after every attempt.
 */
export function ApplicationForm({ definition, failureMessage, review }: ApplicationFormProps) {
  const router = useRouter();
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
  const watched = useWatch({ control: form.control });
  const values: FormValues = { ...defaults, ...(watched as FormValues) };
  const liveErrors = validateForm(definition, values, upload);
  const invalid = Object.keys(liveErrors).length > 0;
  const submitting = form.formState.isSubmitting;

  const [started, setStarted] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const captcha = useRef<ReCAPTCHA>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A draft from an earlier visit comes back after hydration (the exported HTML has none).
  const hydrated = useHydrated();
  const [draftDiscarded, setDraftDiscarded] = useState(false);
  const restoredDraft = useMemo(() => {
    if (!hydrated || !definition.saveDraft) return null;
    const draft = loadDraft(definition.key);
    return draft && Object.fromEntries(Object.entries(draft).filter(([name]) => Object.hasOwn(defaults, name)));
  }, [hydrated, definition, defaults]);
  useEffect(() => {
    if (restoredDraft) form.reset({ ...defaults, ...restoredDraft });
  }, [restoredDraft, defaults, form]);

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
            setReviewing(false);
          }
          if (!definition.saveDraft) return;
          clearTimeout(draftTimer.current);
          draftTimer.current = setTimeout(() => saveDraft(definition.key, all, defaults), DRAFT_DELAY_MS);
        },
      }),
    [definition, defaults, form],
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
    setDraftDiscarded(true);
  }

  async function send(sent: FormValues) {
    let answer: ApiAnswer | null = null;
    try {
      const files: Record<string, File> = fileField && file ? { [fileField.name]: file } : {};
      answer = await sendForm(definition.endpoint(sent), definition.toPayload(sent), files);
    } catch (error) {
      console.error(`The ${definition.key} application could not be sent`, error);
    }
    resetCaptcha();
    setReviewing(false);
    if (answer?.ok) {
      clearTimeout(draftTimer.current);
      if (definition.saveDraft) discardDraft(definition.key);
      form.reset(defaults);
      setFile(null);
      await router.push(definition.thankYouPath);
      return;
    }
    if (answer) console.error(`The ${definition.key} application was refused with status ${answer.status}`);
    void notify.error((answer && failureMessage?.(answer.status)) ?? GENERIC_ERROR_MESSAGE);
  }

  async function submitValid(sent: FormValues) {
    if (review && !reviewing) {
      setReviewing(true);
      return;
    }
    await send(sent);
  }

  function renderField(field: FieldDefinition) {
    const required = isRequired(field, values);
    const error = form.formState.errors[field.name]?.message;
    switch (field.kind) {
      case 'select':
        return <SelectField key={field.name} field={field} form={form} required={required} error={error} />;
      case 'radio':
        return <RadioField key={field.name} field={field} form={form} required={required} error={error} />;
      case 'file':
        return (
          <UploadField
            key={field.name}
            field={field}
            required={required}
            error={uploadRejection ?? validateUpload(field, upload, values)}
            file={file}
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
            error={error}
            formStarted={started}
            captchaRef={captcha}
            onToken={(token) => form.setValue(field.name, token, { shouldValidate: token !== '' })}
            onExpired={resetCaptcha}
          />
        );
      default:
        return <TextField key={field.name} field={field} form={form} required={required} error={error} />;
    }
  }

  const missingId = `${definition.elementId}-missing`;
  return (
    <chakra.form id={definition.elementId} noValidate onSubmit={(event) => form.handleSubmit(submitValid)(event)} onFocus={() => setStarted(true)} maxW="3xl">
      {restoredDraft && !draftDiscarded ? <DraftNotice onDiscard={discardRestoredDraft} /> : null}
      {visibleSections(definition, values).map(({ section, fields }) => (
        <chakra.section key={section.id} aria-labelledby={`section-${section.id}`} mb="6">
          <chakra.h2 id={`section-${section.id}`} fontFamily="mono" fontSize="h2" color="paragraph" lineHeight="1.25" mb="4">
            {section.title}
          </chakra.h2>
          {section.note ? (
            <chakra.p mb="5" fontSize="input" p="3" borderLeft="4px solid" borderColor="orange" bg="#fff7f2">
              {section.note}
            </chakra.p>
          ) : null}
          {fields.map(renderField)}
        </chakra.section>
      ))}
      {review && reviewing ? <ReviewPanel onEdit={() => setReviewing(false)}>{review(values)}</ReviewPanel> : null}
      <SubmitButton label={review && reviewing ? 'Confirm and send' : definition.submitLabel} submitting={submitting} disabled={invalid} describedBy={invalid ? missingId : undefined} />
      {invalid && !submitting ? <MissingList id={missingId} fields={definition.fields} errors={liveErrors} /> : null}
    </chakra.form>
  );
}

function ReviewPanel({ onEdit, children }: { onEdit: () => void; children: ReactNode }) {
  return (
    <chakra.section aria-labelledby="review-heading" mb="6" p="5" border="2px solid" borderColor="orange" bg="white">
      {/* Focus moves to the summary when it opens, so keyboard and screen reader users land on it. */}
      <chakra.h2 id="review-heading" ref={(heading: HTMLHeadingElement | null) => heading?.focus()} fontFamily="mono" fontSize="h2" mb="3" tabIndex={-1}>
        Please check your payment details
      </chakra.h2>
      {children}
      <chakra.button type="button" mt="4" fontSize="input" color="accentText" textDecoration="underline" onClick={onEdit}>
        Go back and edit
      </chakra.button>
    </chakra.section>
  );
}

