import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { signUpToNewsletter } from '@/api/client';
import { Button } from '@/components/Button';
import { GENERIC_ERROR_MESSAGE, notify } from '@/lib/notify';
import { site } from '@/config/site';
import { SiteContainer } from './SiteContainer';
import styles from './Newsletter.module.css';

/** Loose on purpose: one @, a dot in the domain, no spaces. The server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const newsletterMessages = {
  invalidField: 'Correo invalido',
  invalidOnSubmit: 'El correo electrónico no es válido, inténtalo de nuevo.',
  success: '¡Gracias por registrarte!',
} as const;

function emailProblem(value: string): string | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : newsletterMessages.invalidField;
}

/**
 * Newsletter banner: one email field, validated as the visitor types.
 * A plain controlled input: it is on every page, and a form library would add weight to all of them.
 */
export function Newsletter() {
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // An address typed before the page's scripts ran is in the field but not in state: take it over,
  // so that it is validated and sent rather than reported empty and cleared.
  useEffect(() => {
    const typedEarly = input.current?.value ?? '';
    if (typedEarly !== '') {
      setEmail(typedEarly);
      setTouched(true);
    }
  }, []);

  function reset() {
    setEmail('');
    setTouched(false);
  }

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (emailProblem(email)) {
      void notify.error(newsletterMessages.invalidOnSubmit);
      reset();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await signUpToNewsletter(email.trim());
      if (answer.ok) {
        void notify.success(newsletterMessages.success);
        reset();
      } else if (answer.status >= 400 && answer.status < 500) {
        void notify.error(answer.text || GENERIC_ERROR_MESSAGE);
        reset();
      } else {
        void notify.error(GENERIC_ERROR_MESSAGE);
      }
    } catch (error) {
      console.error('Newsletter sign-up failed', error);
      void notify.error(GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  const fieldError = touched ? emailProblem(email) : null;

  return (
    <section id="newsletter" aria-labelledby={`${inputId}-heading`} className={styles.section}>
      <SiteContainer className={styles.layout}>
        <div className={styles.intro}>
          <h2 id={`${inputId}-heading`} className={styles.title}>
            Suscríbete al boletín
          </h2>
          <p className={styles.lead}>Noticias, eventos y convocatorias de {site.brand} para la comunidad blockchain de Latinoamérica, en español.</p>
        </div>
        <form onSubmit={subscribe} noValidate className={styles.form}>
          <label htmlFor={inputId} className={styles.label}>
            Correo electrónico
          </label>
          <div className={styles.controls}>
            <input
              ref={input}
              id={inputId}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="tu@correo.com"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              className={styles.input}
              name="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setTouched(true);
              }}
            />
            <Button type="submit" disabled={submitting} className={styles.submit}>
              SUSCRIBIRME
            </Button>
          </div>
          <p id={errorId} role="alert" className={styles.error}>
            {fieldError ?? ''}
          </p>
        </form>
      </SiteContainer>
    </section>
  );
}
