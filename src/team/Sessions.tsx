import { useState } from 'react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { TeamApiError, teamApi } from './api';
import { formatDateTime } from './format';
import { navigate } from './navigate';
import { teamRoutes } from '@/lib/team';
import { goToSignIn } from './navigation';
import { passkeyFailureMessage } from './passkeyErrors';
import { failureMessage, useTeamData } from './useTeamData';
import { ActionNotice, Notice } from './Notice';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';
import { ActionsHeader } from './kit/ActionsHeader';

type Outcome = { tone: 'error' | 'success'; text: string } | null;

/** The member's own sessions (any of which they can end) and a button to add another passkey. */
export function Sessions() {
  const sessions = useTeamData(() => teamApi.sessions(), []);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const end = async (id: string, current: boolean) => {
    setOutcome(null);
    try {
      await teamApi.endSession(id);
      if (current) navigate(teamRoutes.signIn);
      else {
        setOutcome({ tone: 'success', text: 'La sesión quedó cerrada.' });
        sessions.reload();
      }
    } catch (error) {
      if (error instanceof TeamApiError && error.status === 401) goToSignIn();
      else setOutcome({ tone: 'error', text: 'No pudimos cerrar esa sesión. Puede que ya haya terminado; recarga la página.' });
    }
  };

  const addPasskey = async () => {
    setOutcome(null);
    if (!browserSupportsWebAuthn()) {
      setOutcome({ tone: 'error', text: 'Este navegador no admite llaves de acceso.' });
      return;
    }
    setBusy(true);
    try {
      const optionsJSON = await teamApi.passkeyOptions();
      const response = await startRegistration({ optionsJSON });
      await teamApi.passkeyVerify(response);
      setOutcome({ tone: 'success', text: 'Listo: agregaste una llave de acceso. Ya puedes ingresar también con ella.' });
    } catch (error) {
      setOutcome({ tone: 'error', text: passkeyFailureMessage(error, 'add') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ActionNotice outcome={outcome} />
      <h2 className={styles.subtitle}>Sesiones abiertas</h2>
      {sessions.state === 'loading' ? <p role="status">Cargando sesiones…</p> : null}
      {sessions.state === 'error' ? <Notice tone="error">{failureMessage(sessions.status)}</Notice> : null}
      {sessions.state === 'ready' ? (
        <ScrollingTable caption="Tus sesiones abiertas: terminan solas tras 30 minutos sin actividad o 12 horas en total">
          <thead>
            <tr>
              <th scope="col">Inicio</th>
              <th scope="col">Última actividad</th>
              <th scope="col">Sesión</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {sessions.data.sessions.map((session) => (
              <tr key={session.id}>
                <td>{formatDateTime(session.createdAt)}</td>
                <td>{formatDateTime(session.lastSeenAt)}</td>
                <td>{session.current ? 'Esta sesión' : 'Otra sesión'}</td>
                <td>
                  <button
                    type="button"
                    className={styles.secondaryButton}
                    onClick={() => end(session.id, session.current)}
                    aria-label={`${session.current ? 'Cerrar esta sesión' : 'Cerrar sesión'} iniciada el ${formatDateTime(session.createdAt)}`}
                  >
                    {session.current ? 'Cerrar esta sesión' : 'Cerrar sesión'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : null}
      <h2 className={styles.subtitle}>Llaves de acceso</h2>
      <p className={styles.lead}>Agrega una llave de acceso en otro dispositivo (tu teléfono, una llave física) para no depender de uno solo.</p>
      <button type="button" className={styles.button} onClick={addPasskey} disabled={busy} aria-busy={busy}>
        {busy ? 'Registrando…' : 'Agregar una llave de acceso'}
      </button>
    </>
  );
}
