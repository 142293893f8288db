import { teamApi, type ApplicationDetail, type ApplicationVersion } from './api';
import { formatDateTime } from './format';
import { LoadFailure } from './Notice';
import { failureMessage, useTeamData } from './useTeamData';
import styles from './team.module.css';

const shown = (value: string) => (value === '' ? 'Sin respuesta' : value);

/** Who asked for the correction and when, and when the applicant sent it. */
function VersionOrigin({ version }: { version: ApplicationVersion }) {
  return (
    <p className={styles.timelineMeta}>
      {version.askedAt ? (
        <>
          Pedida por {version.askedBy ? <span className={styles.breakAnywhere}>{version.askedBy}</span> : 'una persona que ya no está en el equipo'} el{' '}
          <time dateTime={version.askedAt}>{formatDateTime(version.askedAt)}</time> ·{' '}
        </>
      ) : null}
      Enviada por la persona solicitante el <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
    </p>
  );
}

/**
 * One version's changed answers, each under its form label with what it said before and after,
 * both named in words ("Antes", "Después"), not told apart by colour.
 */
function ChangeList({ version }: { version: ApplicationVersion }) {
  if (version.changes.length === 0) return <p className={styles.muted}>La persona no cambió ninguna respuesta en esta versión.</p>;
  return (
    <dl className={styles.changes}>
      {version.changes.map((change) => (
        <div key={change.field}>
          <dt>{change.label}</dt>
          <dd>
            <span className={styles.changeTag}>Antes</span>
            {shown(change.before)}
          </dd>
          <dd>
            <span className={styles.changeTag}>Después</span>
            {shown(change.after)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Cambios": every version after the one sent, newest first, each a disclosure (the newest open)
 * with the question that asked for it, who asked and when, and each changed answer before and after.
 * Loaded only once the application has a version 2.
 */
function VersionList({ reference, current }: { reference: string; current: number }) {
  const versions = useTeamData(() => teamApi.versions(reference), [reference, current]);
  if (versions.state === 'loading') return <p role="status">Cargando los cambios…</p>;
  if (versions.state === 'error') return <LoadFailure>{failureMessage(versions.status)}</LoadFailure>;
  const later = versions.data.versions.filter((version) => version.version > 1).reverse();
  return (
    <>
      {later.map((version, index) => (
        <details key={version.version} className={styles.versionDisclosure} open={index === 0 || undefined}>
          <summary>
            Versión {version.version}: {version.changes.length === 1 ? '1 respuesta cambió' : `${version.changes.length} respuestas cambiaron`} respecto de la versión {version.version - 1}
          </summary>
          {version.question ? <p className={styles.noteBody}>Pregunta: {version.question}</p> : null}
          <VersionOrigin version={version} />
          <ChangeList version={version} />
        </details>
      ))}
    </>
  );
}

/** The current version's number, and the "Cambios" view once a correction created a later one. */
export function VersionsAndChanges({ application }: { application: ApplicationDetail }) {
  const current = application.version;
  if (current === undefined) return null;
  return (
    <section className={styles.section} aria-labelledby="cambios">
      <h2 id="cambios" className={styles.subtitle}>
        Cambios
      </h2>
      <p>
        Versión actual: <strong>{current}</strong>
        {current === 1 ? ' (tal como se envió; nadie la corrigió).' : ' (la primera versión es la que se envió; cada corrección agrega una).'}
      </p>
      {current > 1 ? <VersionList reference={application.reference} current={current} /> : null}
    </section>
  );
}
