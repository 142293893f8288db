import { useHydrated } from '@/forms/kit/useHydrated';
import { teamApi } from './api';
import { navigate } from './navigate';
import { teamRoutes } from '@/lib/team';
import { Notice } from './Notice';
import styles from './team.module.css';
import { usePasskeyCeremony } from './usePasskeyCeremony';

/** The token of an enrolment link, from its fragment (#t=…), which never reaches a server log. */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token && token.trim() !== '' ? token.trim() : null;
}

/** What enrolment is, under the page's title (ENROL_LEAD), in the exported HTML whatever the link holds. */
export const ENROL_LEAD =
  'Te invitaron al equipo del programa. Para ingresar no hay contraseñas: crea una llave de acceso (passkey) en este dispositivo. Tu navegador te pedirá tu huella, tu rostro o el PIN del dispositivo.';

/** Enrolment: the invited member registers their first passkey from the link they were sent. */
export function Enrol() {
  // undefined until read in the browser (the exported HTML has no fragment to read).
  const token = useHydrated() ? tokenFromFragment(window.location.hash) : undefined;
  const { busy, failure, start: enrol } = usePasskeyCeremony('enrol', async ({ startRegistration }) => {
    if (!token) return;
    const optionsJSON = await teamApi.enrolOptions(token);
    const response = await startRegistration({ optionsJSON });
    await teamApi.enrolVerify(token, response);
    navigate(teamRoutes.inbox);
  });

  if (token === undefined) return <p role="status">Cargando…</p>;
  if (token === null) {
    return (
      <Notice tone="error">
        Este enlace de inscripción está incompleto. Abre el enlace completo que recibiste por correo o pide uno nuevo a una persona administradora del equipo.
      </Notice>
    );
  }
  return (
    <div className={styles.stack}>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <button type="button" className={styles.button} onClick={enrol} disabled={busy} aria-busy={busy}>
          {busy ? 'Registrando…' : 'Crear mi llave de acceso'}
        </button>
      </div>
      <p className={styles.muted}>El enlace sirve una sola vez y vence 24 horas después de enviado.</p>
    </div>
  );
}
