import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApplicantApiError, applicantApi } from '@/api/applicant';
import { Button } from '@/components/Button';
import type { FormValues } from '@/forms/definitions/types';
import { fieldsResolver } from '@/forms/kit/resolver';
import { TextField } from '@/forms/kit/TextField';
import { linkEmailField } from './fields';
import { ActionNotice } from './Notice';
import { applicantFailure } from './useApplicantData';
import { LINK_VALID_MINUTES } from '@/lib/applicantLinks';
import styles from './applicant.module.css';

/** The same words whatever the address: the page must not tell who has applied. */
export const LINK_SENT_MESSAGE = `Te enviamos un enlace para entrar, si esa dirección tiene solicitudes con nosotros. Revisa tu bandeja de entrada y la carpeta de spam: el enlace sirve una sola vez y vence en ${LINK_VALID_MINUTES} minutos.`;

/**
 * Asks for the address the applications were sent with, and sends it a single-use link. The
 * answer is the same for every address (the server's is too), so nothing here reveals whether
 * someone has applied.
 */
export function LinkRequest() {
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: { email: '' }, resolver: useMemo(() => fieldsResolver([linkEmailField]), []) });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = form.handleSubmit(
    async ({ email }) => {
      setBusy(true);
      setOutcome(null);
      try {
        await applicantApi.requestLink((email ?? '').trim());
        setOutcome({ tone: 'success', text: LINK_SENT_MESSAGE });
      } catch (error) {
        setOutcome({ tone: 'error', text: error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null) });
      } finally {
        setBusy(false);
      }
    },
    () => form.setFocus('email'),
  );

  return (
    <section className={styles.panel} aria-labelledby="pedir-enlace">
      <h2 id="pedir-enlace">Recibe un enlace para entrar</h2>
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField field={linkEmailField} form={form} language="es" />
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Enviando…' : 'Enviarme el enlace'}
        </Button>
      </form>
      <ActionNotice outcome={outcome} />
    </section>
  );
}
