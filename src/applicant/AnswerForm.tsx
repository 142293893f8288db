import { applicantApi } from '@/api/applicant';
import { Button } from '@/components/Button';
import { SendProgressBar } from '@/forms/kit/SendProgress';
import { TextField } from '@/forms/kit/TextField';
import { UploadField } from '@/forms/kit/UploadField';
import { SPANISH_SEND_PROGRESS_COPY, SPANISH_UPLOAD_COPY } from './copy';
import { responseFileField, responseTextField } from './fields';
import { Notice } from './Notice';
import { useUploadForm } from './useUploadForm';
import styles from './applicant.module.css';

const FIELDS = [responseTextField, responseFileField];

/**
 * The answer to one question of the team: text and optionally one file, sent with a progress bar
 * and a cancel. A failed or cancelled send keeps the text and the file where they were.
 */
export function AnswerForm({ reference, requestId, onAnswered }: { reference: string; requestId: string; onAnswered: () => Promise<void> }) {
  const { form, file, rejection, setRejection, choose, submit, progress, cancelled, cancel, failure, busy } = useUploadForm({
    fields: FIELDS,
    defaultValues: { text: '' },
    send: async ({ text }, chosen, options) => {
      await applicantApi.respond(reference, requestId, { text: text ?? '', file: chosen }, options);
      return onAnswered;
    },
    onInvalid: () => form.setFocus('text'),
  });

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
