import { useHydrated } from '@/forms/kit/useHydrated';
import { teamApi } from './api';
import { navigate } from './navigate';
import { safeReturnPath } from './navigation';
import { Notice } from './Notice';
import styles from './team.module.css';
import { usePasskeyCeremony } from './usePasskeyCeremony';

/**
 * Sign-in with a passkey (WebAuthn, user verification required by the server's options). The page's
 * scripts start after its first paint (scripts/postexport.ts), so the button is disabled in the
 * exported HTML and comes alive with them: it never looks live before a press can do anything.
 */
export function SignIn() {
  const hydrated = useHydrated();
  const { busy, failure, start: signIn } = usePasskeyCeremony('sign-in', async ({ startAuthentication }) => {
    const optionsJSON = await teamApi.signInOptions();
    const response = await startAuthentication({ optionsJSON });
    await teamApi.signInVerify(response);
    navigate(safeReturnPath(new URLSearchParams(window.location.search).get('volver')));
  });

  return (
    <div className={styles.stack}>
      <p className={styles.lead}>
        Esta área es solo para el equipo del programa. Ingresa con la llave de acceso (passkey) que registraste con tu enlace de inscripción.
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <button type="button" className={styles.button} onClick={signIn} disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Verificando…' : 'Ingresar con llave de acceso'}
        </button>
      </div>
      <p className={styles.muted}>¿Aún no tienes acceso? Pide una invitación a una persona administradora del equipo.</p>
    </div>
  );
}
