import { useState } from 'react';
import { teamApi, type TeamSession } from './api';
import { formatDateTime } from './format';
import { navigate } from './navigate';
import { teamRoutes } from '@/lib/team';
import { passkeyFailureMessage } from './passkeyErrors';
import { loadWebAuthn } from './usePasskeyCeremony';
import { ownWords, useTeamAction, useTeamData } from './useTeamData';
import { ActionNotice } from './Notice';
import styles from './team.module.css';
import { DataTable, type Column } from './kit/DataTable';
import { ListView } from './kit/ListView';
import { actionsColumn } from './kit/ActionsHeader';

/** The member's own sessions (any of which they can end) and a button to add another passkey. */
export function Sessions() {
  const sessions = useTeamData(() => teamApi.sessions(), []);
  const { busy, outcome, run } = useTeamAction();
  // The passkey button says it is registering only while a passkey is being added, not while a session ends.
  const [adding, setAdding] = useState(false);

  const end = (session: TeamSession) =>
    void run(async () => {
      await teamApi.endSession(session.id);
      if (session.current) {
        navigate(teamRoutes.signIn);
        return null;
      }
      sessions.reload();
      return { tone: 'success', text: 'La sesión quedó cerrada.' };
    }, ownWords('No pudimos cerrar esa sesión. Puede que ya haya terminado; recarga la página.'));

  const addPasskey = () => {
    setAdding(true);
    void run(async () => {
      const { browserSupportsWebAuthn, startRegistration } = await loadWebAuthn();
      if (!browserSupportsWebAuthn()) return { tone: 'error', text: 'Este navegador no admite llaves de acceso.' };
      const optionsJSON = await teamApi.passkeyOptions();
      const response = await startRegistration({ optionsJSON });
      await teamApi.passkeyVerify(response);
      return { tone: 'success', text: 'Listo: agregaste una llave de acceso. Ya puedes ingresar también con ella.' };
    }, (error) => passkeyFailureMessage(error, 'add')).finally(() => setAdding(false));
  };

  const columns: ReadonlyArray<Column<TeamSession>> = [
    { key: 'start', header: 'Inicio', cell: (session) => formatDateTime(session.createdAt) },
    { key: 'seen', header: 'Última actividad', cell: (session) => formatDateTime(session.lastSeenAt) },
    { key: 'which', header: 'Sesión', cell: (session) => (session.current ? 'Esta sesión' : 'Otra sesión') },
    actionsColumn((session) => (
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={() => end(session)}
        aria-label={`${session.current ? 'Cerrar esta sesión' : 'Cerrar sesión'} iniciada el ${formatDateTime(session.createdAt)}`}
      >
        {session.current ? 'Cerrar esta sesión' : 'Cerrar sesión'}
      </button>
    )),
  ];

  return (
    <>
      <ActionNotice outcome={outcome} />
      <h2 className={styles.subtitle}>Sesiones abiertas</h2>
      <ListView data={sessions} loading="Cargando sesiones…">
        {(data) => (
          <DataTable caption="Tus sesiones abiertas: terminan solas tras 30 minutos sin actividad o 12 horas en total" columns={columns} rows={data.sessions} rowKey={(session) => session.id} />
        )}
      </ListView>
      <h2 className={styles.subtitle}>Llaves de acceso</h2>
      <p className={styles.lead}>Agrega una llave de acceso en otro dispositivo (tu teléfono, una llave física) para no depender de uno solo.</p>
      <button type="button" className={styles.button} onClick={addPasskey} disabled={busy} aria-busy={adding}>
        {adding ? 'Registrando…' : 'Agregar una llave de acceso'}
      </button>
    </>
  );
}
