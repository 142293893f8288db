import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ApplicantApiError, applicantApi, type ApplicantGrant } from '@/api/applicant';
import { isCancelled } from '@/api/client';
import { Button } from '@/components/Button';
import type { FormValues, UploadInfo } from '@/forms/definitions/types';
import { fieldsResolver } from '@/forms/kit/resolver';
import { SendProgressBar, useCancellableSend } from '@/forms/kit/SendProgress';
import { TextField } from '@/forms/kit/TextField';
import { UploadField } from '@/forms/kit/UploadField';
import { SPANISH_SEND_PROGRESS_COPY, SPANISH_UPLOAD_COPY } from './copy';
import { reportBodyField, reportFileField, reportLinks, reportLinksField } from './fields';
import { Notice } from './Notice';
import { applicantFailure } from './useApplicantData';
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
  const [file, setFile] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string>();
  const upload = useRef<UploadInfo>(null);
  useEffect(() => {
    upload.current = file ? { size: file.size } : null;
  }, [file]);
  // The resolver reads the chosen file when it runs (the file is kept apart from the form's values).
  const resolver = useCallback<Resolver<FormValues>>((values, context, options) => fieldsResolver(FIELDS, () => upload.current)(values, context, options), []);
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: { body: '', links: '' }, resolver });
  const { progress, cancelled, run, cancel } = useCancellableSend();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const choose = (chosen: File | null) => {
    setRejection(undefined);
    setFile(chosen);
  };

  const submit = form.handleSubmit(
    async ({ body, links }) => {
      if (rejection) return;
      setBusy(true);
      setFailure(null);
      try {
        const grant = await run((options) => applicantApi.report(reference, milestoneId, { text: body ?? '', links: reportLinks(links ?? ''), file: file ?? undefined }, options));
        onSent(grant);
      } catch (error) {
        if (!isCancelled(error)) setFailure(error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null));
      } finally {
        setBusy(false);
      }
    },
    (errors) => form.setFocus(errors.body ? 'body' : 'links'),
  );

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
      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Enviando…' : 'Enviar el informe'}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
          Cerrar sin enviar
        </Button>
      </div>
    </form>
  );
}
