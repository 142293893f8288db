import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ApplicantApiError, applicantApi } from '@/api/applicant';
import { isCancelled } from '@/api/client';
import { Button } from '@/components/Button';
import type { FormValues, UploadInfo } from '@/forms/definitions/types';
import { fieldsResolver } from '@/forms/kit/resolver';
import { SendProgressBar, useCancellableSend } from '@/forms/kit/SendProgress';
import { TextField } from '@/forms/kit/TextField';
import { UploadField } from '@/forms/kit/UploadField';
import { SPANISH_SEND_PROGRESS_COPY, SPANISH_UPLOAD_COPY } from './copy';
import { responseFileField, responseTextField } from './fields';
import { Notice } from './Notice';
import { applicantFailure } from './useApplicantData';
import styles from './applicant.module.css';

const FIELDS = [responseTextField, responseFileField];

/**
 * The answer to one question of the team: text and optionally one file, sent with a progress bar
 * and a cancel. A failed or cancelled send keeps the text and the file where they were.
 */
export function AnswerForm({ reference, requestId, onAnswered }: { reference: string; requestId: string; onAnswered: () => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string>();
  const upload = useRef<UploadInfo>(null);
  useEffect(() => {
    upload.current = file ? { size: file.size } : null;
  }, [file]);
  // The resolver reads the chosen file when it runs (the file is kept apart from the form's values).
  const resolver = useCallback<Resolver<FormValues>>((values, context, options) => fieldsResolver(FIELDS, () => upload.current)(values, context, options), []);
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: { text: '' }, resolver });
  const { progress, cancelled, run, cancel } = useCancellableSend();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setRejection(undefined);
    setFile(chosen);
  };

  const submit = form.handleSubmit(
    async ({ text }) => {
      if (rejection) return;
      setBusy(true);
      setFailure(null);
      try {
        await run((options) => applicantApi.respond(reference, requestId, { text: text ?? '', file: file ?? undefined }, options));
        await onAnswered();
      } catch (error) {
        if (!isCancelled(error)) setFailure(error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null));
      } finally {
        setBusy(false);
      }
    },
    () => form.setFocus('text'),
  );

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Responder a la pregunta">
      <TextField field={responseTextField} form={form} language="es" />
      <UploadField field={responseFileField} form={form} copy={SPANISH_UPLOAD_COPY} file={file} rejection={rejection} onFile={choose} onRejected={setRejection} />
      <SendProgressBar id="envio-respuesta" progress={progress} cancelled={cancelled} onCancel={cancel} copy={SPANISH_SEND_PROGRESS_COPY} />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Enviando…' : 'Enviar mi respuesta'}
      </Button>
    </form>
  );
}
