import { useState } from 'react';
import type * as SimpleWebAuthn from '@simplewebauthn/browser';
import { passkeyFailureMessage } from './passkeyErrors';

export type WebAuthn = typeof SimpleWebAuthn;

/** The passkey library (3.4 kB gzip) loads when a ceremony starts, not with the page. */
export const loadWebAuthn = (): Promise<WebAuthn> => import('@simplewebauthn/browser');

/**
 * One passkey ceremony started from a button (sign-in or enrolment): loads the passkey library,
 * refuses a browser without WebAuthn, keeps the button busy while it runs, and turns a failure into
 * the member's message. `run` navigates away on success, so the button stays busy until the next
 * page replaces it.
 */
export function usePasskeyCeremony(ceremony: 'sign-in' | 'enrol', run: (webauthn: WebAuthn) => Promise<void>): { busy: boolean; failure: string | null; start: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const webauthn = await loadWebAuthn();
      if (!webauthn.browserSupportsWebAuthn()) {
        setFailure('Este navegador no admite llaves de acceso. Usa una versión reciente de Chrome, Edge, Firefox o Safari.');
        setBusy(false);
        return;
      }
      await run(webauthn);
    } catch (error) {
      setFailure(passkeyFailureMessage(error, ceremony));
      setBusy(false);
    }
  };
  return { busy, failure, start };
}
