import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { RoundNoticeCopy } from '@/content/rounds';
import { ActionLink } from './ActionLink';
import styles from './RoundClosed.module.css';

/**
 * An apply page whose round is not taking applications: the page's banner, then the notice with
 * the contact address, and no form. Decided at build time, so nothing appears and then vanishes.
 */
export function RoundClosed({ title, lead, notice }: { title: string; lead: string; notice: RoundNoticeCopy }) {
  return (
    <>
      <PageMeta title={title} description={notice.text} />
      <Banner title={title} lead={lead} />
      <SiteContainer className={styles.page}>
        <section aria-labelledby="round-notice-heading" className={styles.notice}>
          <h2 id="round-notice-heading" className={styles.title}>
            {notice.title}
          </h2>
          <p className={styles.text}>{notice.text}</p>
          <p className={styles.text}>
            Si tienes preguntas, escríbenos a <a href={`mailto:${notice.contactEmail}`}>{notice.contactEmail}</a>.
          </p>
          <div className={styles.action}>
            <ActionLink link={notice.programmeLink} />
          </div>
        </section>
      </SiteContainer>
    </>
  );
}
