import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ApplicantApiError } from '@/api/applicant';
import { isCancelled, type SendOptions } from '@/api/client';
import type { FieldDefinition, FormValues, UploadInfo } from '@/forms/definitions/types';
import { fieldsResolver } from '@/forms/kit/resolver';
import { useCancellableSend } from '@/forms/kit/SendProgress';
import { applicantFailure } from './useApplicantData';

/**
 * A portal form of text fields and one optional file, sent with a progress bar and a cancel (the
 * answer to a question, a milestone report): the form, the chosen file and its rejection, and a
 * `submit` that sends through `send` and shows why a send failed (and, when the server names refused
 * fields, each message under its field). A failed or cancelled send keeps the text and the file where they were.
 */
export function useUploadForm({
  fields,
  defaultValues,
  send,
  onInvalid,
}: {
  fields: readonly FieldDefinition[];
  defaultValues: FormValues;
  send: (values: FormValues, file: File | undefined, options: SendOptions) => Promise<() => void | Promise<void>>;
  onInvalid: (errors: FieldErrors<FormValues>) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string>();
  const upload = useRef<UploadInfo>(null);
  useEffect(() => {
    upload.current = file ? { size: file.size } : null;
  }, [file]);
  // The resolver reads the chosen file when it runs (the file is kept apart from the form's values).
  const resolver = useCallback<Resolver<FormValues>>((values, context, options) => fieldsResolver(fields, () => upload.current)(values, context, options), [fields]);
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues, resolver });
  const { progress, cancelled, run, cancel } = useCancellableSend();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setRejection(undefined);
    setFile(chosen);
  };

  const submit = form.handleSubmit(async (values) => {
    if (rejection) return;
    setBusy(true);
    setFailure(null);
    try {
      const after = await run((options) => send(values, file ?? undefined, options));
      await after();
    } catch (error) {
      if (isCancelled(error)) return;
      setFailure(error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null));
      // A refusal by the form's rules (a correction) names its fields: each message goes under its field.
      if (error instanceof ApplicantApiError) {
        for (const [name, message] of Object.entries(error.fields)) if (fields.some((field) => field.name === name)) form.setError(name, { type: 'server', message });
      }
    } finally {
      setBusy(false);
    }
  }, onInvalid);

  return { form, file, rejection, setRejection, choose, submit, progress, cancelled, cancel, failure, busy };
}
