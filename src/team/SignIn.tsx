import { useState } from 'react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { teamApi } from './api';
import { navigate } from './navigate';
import { safeReturnPath } from './navigation';
import { passkeyFailureMessage } from './passkeyErrors';
import { Notice } from './Notice';
import styles from './team.module.css';

/** Sign-in with a passkey (WebAuthn, user verification required by the server's options). */
export function SignIn() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = async () => {
    setFailure(null);
    if (!browserSupportsWebAuthn()) {
      setFailure('Este navegador no admite llaves de acceso. Usa una versión reciente de Chrome, Edge, Firefox o Safari.');
      return;
    }
    setBusy(true);
    try {
      const optionsJSON = await teamApi.signInOptions();
      const response = await startAuthentication({ optionsJSON });
      await teamApi.signInVerify(response);
      navigate(safeReturnPath(new URLSearchParams(window.location.search).get('volver')));
    } catch (error) {
      setFailure(passkeyFailureMessage(error, 'sign-in'));
      setBusy(false);
    }
  };

  return (
    <div className={styles.stack}>
      <p className={styles.lead}>
        Esta área es solo para el equipo del programa. Ingresa con la llave de acceso (passkey) que registraste con tu enlace de inscripción.
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <button type="button" className={styles.button} onClick={signIn} disabled={busy} aria-busy={busy}>
          {busy ? 'Verificando…' : 'Ingresar con llave de acceso'}
        </button>
      </div>
      <p className={styles.muted}>¿Aún no tienes acceso? Pide una invitación a una persona administradora del equipo.</p>
    </div>
  );
}
