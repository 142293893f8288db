import { SiteLink } from '@/components/SiteLink';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { facts, programmes, type ProgrammeKey } from '@/config/programmes';
import styles from './ThankYouPage.module.css';

export type ThankYouProps = {
  /** The programme applied to: its name and what comes next are in the programme table. */
  programme: ProgrammeKey;
};

/** The confirmation page after a successful submission (spec sections 2 and 8); kept out of search results. */
export function ThankYouPage({ programme }: ThankYouProps) {
  const { name, followUp } = programmes[programme];
  return (
    <>
      <PageMeta title="Gracias por tu solicitud" noindex />
      <SiteContainer className={styles.page}>
        <section aria-labelledby="thank-you-heading" className={styles.box}>
          <h1 id="thank-you-heading" className={styles.title}>
            Thank you!
          </h1>
          <p className={styles.grantType}>for applying to {name}</p>
          {followUp.kind === 'shortly' ? (
            <p className={styles.followUp}>
              You should receive a confirmation email shortly. Meanwhile, read more about <SiteLink href={followUp.programmePage}>{name}</SiteLink>.
            </p>
          ) : (
            <p className={styles.followUp}>
              You should receive a confirmation email from us within {facts.confirmationBusinessDays} business days. If you have any questions, write to{' '}
              <a href={`mailto:${followUp.contactEmail}`}>{followUp.contactEmail}</a>.
            </p>
          )}
        </section>
      </SiteContainer>
    </>
  );
}
