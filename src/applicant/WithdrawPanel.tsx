import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApplicantApiError, applicantApi } from '@/api/applicant';
import { Button } from '@/components/Button';
import { ConfirmButtons } from './ConfirmButtons';
import type { FormValues } from '@/forms/definitions/types';
import { fieldsResolver } from '@/forms/kit/resolver';
import { TextField } from '@/forms/kit/TextField';
import { withdrawReasonField } from './fields';
import { Notice } from './Notice';
import { applicantFailure } from './useApplicantData';
import styles from './applicant.module.css';

/**
 * Withdrawing an application that has no decision yet, in two steps: the first button only opens
 * the confirmation (with an optional reason), which says what withdrawing means; only its own
 * button withdraws. Cancelling puts the focus back on the first button.
 */
export function WithdrawPanel({ reference, onWithdrawn }: { reference: string; onWithdrawn: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: { reason: '' }, resolver: useMemo(() => fieldsResolver([withdrawReasonField]), []) });
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) heading.current?.focus();
    else if (returnFocus.current) opener.current?.focus();
  }, [confirming]);

  const close = () => {
    returnFocus.current = true;
    setFailure(null);
    setConfirming(false);
  };

  const submit = form.handleSubmit(
    async ({ reason }) => {
      setBusy(true);
      setFailure(null);
      try {
        const trimmed = (reason ?? '').trim();
        await applicantApi.withdraw(reference, trimmed === '' ? {} : { reason: trimmed });
        await onWithdrawn();
      } catch (error) {
        setFailure(error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null));
      } finally {
        setBusy(false);
      }
    },
    () => form.setFocus('reason'),
  );

  return (
    <section className={`${styles.panel} ${styles.noPrint}`} aria-labelledby="retirar">
      <h2 id="retirar">Retirar la solicitud</h2>
      {confirming ? (
        <form className={styles.form} noValidate onSubmit={submit}>
          <h3 ref={heading} tabIndex={-1} className={styles.subTitle}>
            ¿Seguro que quieres retirar la solicitud {reference}?
          </h3>
          <p>El equipo dejará de revisarla y no podrás volver a activarla. Si más adelante quieres postular de nuevo, tendrás que enviar una solicitud nueva.</p>
          <TextField field={withdrawReasonField} form={form} language="es" />
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <ConfirmButtons label="Sí, retirar la solicitud" busyLabel="Retirando…" backLabel="No, conservarla" onBack={close} busy={busy} />
        </form>
      ) : (
        <>
          <p>Mientras no haya una decisión, puedes retirar tu solicitud. Te pediremos que lo confirmes.</p>
          <Button ref={opener} type="button" variant="outline" onClick={() => setConfirming(true)}>
            Retirar mi solicitud
          </Button>
        </>
      )}
    </section>
  );
}
