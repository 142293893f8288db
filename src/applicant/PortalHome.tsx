import { Suspense } from 'react';
import { applicantApi, type ApplicantApplicationList } from '@/api/applicant';
import { formatDate } from './format';
import { LinkRequest } from './lazyForms';
import { LoadFailure } from './Notice';
import { OwnData } from './OwnData';
import { PortalFrame } from './PortalFrame';
import { portalRoutes } from './routes';
import { applicantFailure, useApplicantData, useApplicantSession } from './useApplicantData';
import styles from './applicant.module.css';

const TITLE = 'Mi solicitud';
// The whole explanation sits in the exported HTML, for signed-in and signed-out visitors alike: the
// parts that come from the API are shorter, so the page's largest text paints with the page.
const LEAD =
  'Aquí ves el estado de las solicitudes que enviaste con tu correo, respondes las preguntas del equipo, lees su mensaje cuando haya una decisión y guardas una copia de lo que enviaste. No necesitas contraseña: te mandamos a tu correo un enlace para entrar, que sirve una sola vez durante 30 minutos.';

/** The applicant's applications, newest first: reference, programme, project or event, date sent, status. */
function ApplicationCards({ items }: { items: ApplicantApplicationList['items'] }) {
  if (items.length === 0) return <p>No encontramos solicitudes enviadas con este correo. Si usaste otra dirección, cierra sesión y pide un enlace con esa.</p>;
  return (
    <ul className={styles.cards} aria-label="Tus solicitudes">
      {items.map((item) => (
        <li key={item.reference} className={styles.card}>
          <h2 className={styles.cardTitle}>
            <a className={styles.cardLink} href={portalRoutes.application(item.reference)}>
              {item.title || item.programme}
            </a>
          </h2>
          <dl className={styles.facts}>
            <dt>Referencia</dt>
            <dd>{item.reference}</dd>
            <dt>Programa</dt>
            <dd>{item.programme}</dd>
            <dt>Enviada</dt>
            <dd>
              <time dateTime={item.submittedAt}>{formatDate(item.submittedAt)}</time>
            </dd>
            <dt>Estado</dt>
            <dd>
              <span className={styles.status}>{item.statusLabel}</span>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * /mi-solicitud/: signed in, the list of the applicant's applications and their own data; signed
 * out (the session probe says so), the form that sends a link.
 */
export function PortalHome() {
  const session = useApplicantSession();
  const email = session.state === 'signed-in' ? session.email : undefined;
  const list = useApplicantData(email ? applicantApi.applications : null, email ?? '');
  return (
    <PortalFrame title={TITLE} lead={LEAD} email={email}>
      {session.state === 'loading' ? (
        <p role="status" className={styles.muted}>
          Cargando…
        </p>
      ) : null}
      {session.state === 'signed-out' ? (
        <div className={styles.narrow}>
          <Suspense fallback={null}>
            <LinkRequest />
          </Suspense>
        </div>
      ) : null}
      {session.state === 'error' ? <LoadFailure>{applicantFailure(session.status)}</LoadFailure> : null}
      {email && list.state === 'loading' ? (
        <p role="status" className={styles.muted}>
          Cargando tus solicitudes…
        </p>
      ) : null}
      {list.state === 'error' ? <LoadFailure>{applicantFailure(list.status, list.message)}</LoadFailure> : null}
      {list.state === 'ready' ? (
        <>
          <ApplicationCards items={list.data.items} />
          <OwnData />
        </>
      ) : null}
    </PortalFrame>
  );
}
