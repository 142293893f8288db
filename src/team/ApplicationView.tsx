import { useEffect } from 'react';
import { useHydrated } from '@/forms/kit/useHydrated';
import { teamApi, teamPaths, type ApplicationDetail } from './api';
import { formatBytes, formatDateTime } from './format';
import { teamRoutes } from './navigation';
import { failureMessage, useTeamData } from './useTeamData';
import { Notice } from './Notice';
import styles from './team.module.css';

/**
 * Every answer under its form label, section by section in the form's order: the server reads the
 * form definitions and sends the answers labelled, so the definitions stay their one description.
 */
function Answers({ application }: { application: ApplicationDetail }) {
  return (
    <>
      <ul className={styles.facts}>
        <li>
          <strong>Programa:</strong> {application.programme}
        </li>
        <li>
          <strong>Enviada:</strong> <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
        </li>
      </ul>
      {application.file ? (
        <div className={styles.download}>
          <span>
            Propuesta adjunta: <strong>{application.file.name}</strong> <span className={styles.nowrap}>({formatBytes(application.file.size)})</span>
          </span>
          <a className={styles.button} href={teamPaths.applicationFile(application.id)} download>
            Descargar la propuesta
          </a>
        </div>
      ) : (
        <p className={styles.muted}>Esta solicitud no trae archivo adjunto.</p>
      )}
      {application.sections.map((section, index) => (
        <section key={section.title} className={styles.section} aria-labelledby={`seccion-${index}`}>
          <h2 id={`seccion-${index}`} className={styles.subtitle}>
            {section.title}
          </h2>
          <dl className={styles.answers}>
            {section.answers.map((answer) => (
              <div key={answer.name}>
                <dt>{answer.label}</dt>
                <dd>{answer.value === '' ? <span className={styles.muted}>Sin respuesta</span> : answer.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

/** The reference in ?id= (a static export has no dynamic routes), or null when there is none. */
export function referenceFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && id.trim() !== '' ? id.trim() : null;
}

/** One application, its answers and its proposal; the page title names its reference once loaded. */
export function ApplicationView({ onReference }: { onReference?: (reference: string) => void }) {
  const id = useHydrated() ? referenceFromSearch(window.location.search) : undefined;
  const application = useTeamData(() => (id ? teamApi.application(id) : new Promise<ApplicationDetail>(() => undefined)), [id]);
  const reference = application.state === 'ready' ? application.data.reference : null;
  useEffect(() => {
    if (reference) onReference?.(reference);
  }, [reference, onReference]);

  return (
    <>
      <p>
        <a href={teamRoutes.inbox} className={styles.backLink}>
          ← Volver a las solicitudes
        </a>
      </p>
      {id === null ? <Notice tone="error">Falta la referencia de la solicitud en la dirección.</Notice> : null}
      {id && application.state === 'loading' ? <p role="status">Cargando la solicitud…</p> : null}
      {id && application.state === 'error' ? <Notice tone="error">{application.status === 404 ? 'No encontramos esa solicitud.' : failureMessage(application.status)}</Notice> : null}
      {id && application.state === 'ready' ? <Answers application={application.data} /> : null}
    </>
  );
}
