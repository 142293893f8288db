import { useEffect, useRef } from 'react';
import { applicantApi, type ApplicantGrant } from '@/api/applicant';
import { ConfirmButtons } from './ConfirmButtons';
import { SendProgressBar } from '@/forms/kit/SendProgress';
import { TextField } from '@/forms/kit/TextField';
import { UploadField } from '@/forms/kit/UploadField';
import { SPANISH_SEND_PROGRESS_COPY, SPANISH_UPLOAD_COPY } from './copy';
import { reportBodyField, reportFileField, reportLinks, reportLinksField } from './fields';
import { Notice } from './Notice';
import { useUploadForm } from './useUploadForm';
import styles from './applicant.module.css';

const FIELDS = [reportBodyField, reportLinksField, reportFileField];

/**
 * A progress report on one milestone: text, links (one a line) and optionally one file, sent with a
 * progress bar and a cancel, like the answer to a question (src/applicant/AnswerForm.tsx). Each send
 * is a new version beside the earlier ones. A failed or cancelled send keeps everything where it was.
 */
export function ReportForm({
  reference,
  milestoneId,
  title,
  onSent,
  onClose,
}: {
  reference: string;
  milestoneId: string;
  /** What the form is about ("Informe del hito 1: …"), its accessible name and heading. */
  title: string;
  onSent: (grant: ApplicantGrant) => void;
  onClose: () => void;
}) {
  const { form, file, rejection, setRejection, choose, submit, progress, cancelled, cancel, failure, busy } = useUploadForm({
    fields: FIELDS,
    defaultValues: { body: '', links: '' },
    send: async ({ body, links }, chosen, options) => {
      const grant = await applicantApi.report(reference, milestoneId, { text: body ?? '', links: reportLinks(links ?? ''), file: chosen }, options);
      return () => onSent(grant);
    },
    onInvalid: (errors) => form.setFocus(errors.body ? 'body' : 'links'),
  });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="informe-titulo">
      <h4 id="informe-titulo" ref={heading} tabIndex={-1} className={styles.subTitle}>
        {title}
      </h4>
      <TextField field={reportBodyField} form={form} language="es" />
      <TextField field={reportLinksField} form={form} language="es" />
      <UploadField field={reportFileField} form={form} copy={SPANISH_UPLOAD_COPY} file={file} rejection={rejection} onFile={choose} onRejected={setRejection} />
      <SendProgressBar id="envio-informe" progress={progress} cancelled={cancelled} onCancel={cancel} copy={SPANISH_SEND_PROGRESS_COPY} />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <ConfirmButtons label="Enviar el informe" busyLabel="Enviando…" backLabel="Cerrar sin enviar" onBack={onClose} busy={busy} />
    </form>
  );
}
