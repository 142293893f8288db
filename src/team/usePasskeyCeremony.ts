import { useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { passkeyFailureMessage } from './passkeyErrors';

/**
 * One passkey ceremony started from a button (sign-in or enrolment): refuses a browser without
 * WebAuthn, keeps the button busy while it runs, and turns a failure into the member's message.
 * `run` navigates away on success, so the button stays busy until the next page replaces it.
 */
export function usePasskeyCeremony(ceremony: 'sign-in' | 'enrol', run: () => Promise<void>): { busy: boolean; failure: string | null; start: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setFailure(null);
    if (!browserSupportsWebAuthn()) {
      setFailure('Este navegador no admite llaves de acceso. Usa una versión reciente de Chrome, Edge, Firefox o Safari.');
      return;
    }
    setBusy(true);
    try {
      await run();
    } catch (error) {
      setFailure(passkeyFailureMessage(error, ceremony));
      setBusy(false);
    }
  };
  return { busy, failure, start };
}
