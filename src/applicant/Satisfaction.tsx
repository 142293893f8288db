import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApplicantApiError, applicantApi, type ApplicantApplicationDetail } from '@/api/applicant';
import { Button } from '@/components/Button';
import type { FormValues } from '@/forms/definitions/types';
import { RadioField } from '@/forms/kit/RadioField';
import { fieldsResolver } from '@/forms/kit/resolver';
import { TextField } from '@/forms/kit/TextField';
import { ratingCommentField, ratingField } from './fields';
import { Notice } from './Notice';
import { applicantFailure } from './useApplicantData';
import styles from './applicant.module.css';

type Answer = NonNullable<ApplicantApplicationDetail['satisfaction']>;

/** What the applicant said, once they have said it. */
function GivenAnswer({ answer }: { answer: Answer }) {
  return (
    <>
      <p>
        Tu valoración: <strong>{answer.rating} de 5</strong>.
      </p>
      {answer.comment ? <p className={styles.response}>{answer.comment}</p> : null}
    </>
  );
}

/**
 * "¿Cómo fue tu experiencia con el proceso?", asked once after a decision: a rating from 1 to 5 and
 * an optional comment. Once answered, the answer shows in its place (the server takes only one).
 */
export function Satisfaction({ reference, canRate, given }: { reference: string; canRate: boolean; given: Answer | null }) {
  const [answer, setAnswer] = useState<Answer | null>(given);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: { rating: '', comment: '' }, resolver: useMemo(() => fieldsResolver([ratingField, ratingCommentField]), []) });
  const justAnswered = answer !== null && given === null;
  if (!answer && !canRate) return null;

  const submit = form.handleSubmit(
    async ({ rating, comment }) => {
      setBusy(true);
      setFailure(null);
      try {
        const trimmed = (comment ?? '').trim();
        setAnswer(await applicantApi.rate(reference, trimmed === '' ? { rating: Number(rating) } : { rating: Number(rating), comment: trimmed }));
      } catch (error) {
        setFailure(error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null));
      } finally {
        setBusy(false);
      }
    },
    (errors) => form.setFocus(errors.rating ? 'rating' : 'comment'),
  );

  return (
    <section className={`${styles.panel} ${styles.noPrint}`} aria-labelledby="experiencia">
      <h2 id="experiencia">Tu opinión</h2>
      {answer ? (
        <>
          {justAnswered ? (
            <Notice tone="success" focus>
              Gracias por contarnos cómo te fue. Nos ayuda a mejorar el programa.
            </Notice>
          ) : null}
          <GivenAnswer answer={answer} />
        </>
      ) : (
        <form className={styles.form} noValidate onSubmit={submit}>
          <RadioField field={ratingField} form={form} />
          <TextField field={ratingCommentField} form={form} language="es" />
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Enviando…' : 'Enviar mi opinión'}
          </Button>
        </form>
      )}
    </section>
  );
}
