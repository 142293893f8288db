import { links } from '@/config/site';
import { devconGrants } from '@/forms/definitions/devconGrants';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';
import styles from './DevconGrantsForm.module.css';

/** Conference grants, framed by the 'Devcon Grants Round' intro. */
export default function DevconGrantsForm() {
  return (
    <>
      <section aria-labelledby="devcon-round-heading" className={styles.intro}>
        <h2 id="devcon-round-heading" className={styles.title}>
          Devcon Grants Round
        </h2>
        <p className={styles.lead}>
          Apoyamos con fondos y otros recursos a meetups y eventos en Latinoamérica antes de la conferencia. Conoce la conferencia en{' '}
          <a href={links.devconSite} target="_blank" rel="noopener noreferrer" className={styles.link}>
            su sitio oficial<span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
          .
        </p>
      </section>
      <ApplicationForm definition={devconGrants} />
    </>
  );
}
