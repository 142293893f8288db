import type { PaymentDetailsVersion } from './api';
import { AnswerList } from './Answers';
import { formatDateTime } from './format';
import styles from './team.module.css';

/**
 * The payment details the grantee sent with this application's grantee ID, every version, newest
 * first. The server sends them to the finance role only (and audits each view); for every other
 * role the field is absent and this is never rendered.
 */
export function PaymentDetails({ versions }: { versions: PaymentDetailsVersion[] }) {
  return (
    <section className={styles.section} aria-labelledby="datos-de-pago">
      <h2 id="datos-de-pago" className={styles.subtitle}>
        Datos de pago
      </h2>
      <p className={styles.teamOnly}>Solo el rol de finanzas ve estos datos; cada vista queda en el registro de auditoría.</p>
      {versions.length === 0 ? <p className={styles.muted}>Todavía no llegaron datos de pago con el ID de seguridad (Security Grantee ID) de esta solicitud.</p> : null}
      {versions.map((version, index) => (
        <article key={`${version.reference}-${version.version}`} className={styles.paymentVersion} aria-labelledby={`pago-${index}`}>
          <h3 id={`pago-${index}`} className={styles.versionTitle}>
            Versión {version.version}
            {index === 0 ? ' (la más reciente)' : ''} · <span className={styles.reference}>{version.reference}</span> · recibida el{' '}
            <time dateTime={version.receivedAt}>{formatDateTime(version.receivedAt)}</time>
          </h3>
          {version.unreadable ? <p className={styles.muted}>{version.unreadable}</p> : null}
          {version.sections.map((section) => (
            <div key={section.title}>
              <h4 className={styles.versionSection}>{section.title}</h4>
              <AnswerList answers={section.answers} />
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}
