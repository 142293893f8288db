import { endpoints } from '@/api/endpoints';
import { Button } from '@/components/Button';
import { canonicalUrl } from '@/components/PageMeta';
import { site } from '@/config/site';
import { NEWSLETTER_PAGE_FIELD, newsletterAnswers, type NewsletterAnswer } from '@/lib/newsletter';
import { SiteContainer } from './SiteContainer';
import styles from './Newsletter.module.css';

const INPUT_ID = 'newsletter-email';
/** The field's message: src/light/newsletter.ts finds it by the field's id + `-error`. */
const ERROR_ID = `${INPUT_ID}-error`;

/**
 * Newsletter banner: one email field. Static markup on every public page: a plain form post that
 * comes back to this page with its answer (a fragment shown below as a toast through :target),
 * which src/light/newsletter.ts turns into validation as the visitor types and a fetch with toasts.
 * `path` is the page's route; the form post comes back to it.
 */
export function Newsletter({ path }: { path: string }) {
  const { method, path: action } = endpoints.newsletterSignup;
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className={styles.section}>
      <SiteContainer className={styles.layout}>
        <div className={styles.intro}>
          <h2 id="newsletter-heading" className={styles.title}>
            Suscríbete al boletín
          </h2>
          <p className={styles.lead}>Noticias, eventos y convocatorias de {site.brand} para la comunidad blockchain de Latinoamérica, en español.</p>
        </div>
        <form data-light="newsletter" method={method.toLowerCase()} action={action} className={styles.form}>
          <input type="hidden" name={NEWSLETTER_PAGE_FIELD} value={canonicalUrl(path).slice(site.url.length)} />
          <label htmlFor={INPUT_ID} className={styles.label}>
            Correo electrónico
          </label>
          <div className={styles.controls}>
            <input
              id={INPUT_ID}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="tu@correo.com"
              className={styles.input}
              name="email"
            />
            <Button type="submit" className={styles.submit}>
              SUSCRIBIRME
            </Button>
          </div>
          {/* The script writes "Correo invalido" here; what a visitor typed before it ran may already call for it, before hydration. */}
          <p id={ERROR_ID} role="alert" className={styles.error} suppressHydrationWarning>
            {''}
          </p>
        </form>
      </SiteContainer>
      {(Object.keys(newsletterAnswers) as NewsletterAnswer[]).map((answer) => (
        <div
          key={answer}
          id={newsletterAnswers[answer].id}
          role={answer === 'success' ? 'status' : 'alert'}
          tabIndex={-1}
          className={`light-toast light-toast--answer light-toast--${answer === 'success' ? 'success' : 'error'}`}
        >
          <p className="light-toast__body">{newsletterAnswers[answer].message}</p>
          <a href="#newsletter" className="light-toast__close" aria-label="Cerrar">
            ×
          </a>
        </div>
      ))}
    </section>
  );
}
