import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { countOf } from '@/lib/plural';
import type { ThankYouCopy } from './thankYouCopy';
import styles from './ThankYouPage.module.css';

/**
 * The confirmation page after a successful submission; kept out of search
 * results. Its words come from the programme table through the page's getStaticProps (thankYouCopy).
 */
export function ThankYouPage({ copy }: { copy: ThankYouCopy }) {
  const { name, followUp, confirmationBusinessDays } = copy;
  return (
    <>
      <PageMeta title="Gracias por tu solicitud" noindex />
      <SiteContainer className={styles.page}>
        <section aria-labelledby="thank-you-heading" lang="en" className={styles.box}>
          <h1 id="thank-you-heading" className={styles.title}>
            Thank you!
          </h1>
          <p className={styles.grantType}>for applying to {name}</p>
          {followUp.kind === 'shortly' ? (
            <p className={styles.followUp}>
              You should receive a confirmation email shortly. Meanwhile, read more about <a href={followUp.programmePage}>{name}</a>.
            </p>
          ) : (
            <p className={styles.followUp}>
              You should receive a confirmation email from us within {countOf(confirmationBusinessDays, { one: 'business day', other: 'business days' }, 'en')}. If you have any questions, write to{' '}
              <a href={`mailto:${followUp.contactEmail}`}>{followUp.contactEmail}</a>.
            </p>
          )}
        </section>
      </SiteContainer>
    </>
  );
}
