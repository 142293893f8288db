import { Suspense, useEffect, useState } from 'react';
import { ApplicantApiError, applicantApi } from '@/api/applicant';
import { LinkRequest } from './lazyForms';
import { Notice } from './Notice';
import { PortalFrame } from './PortalFrame';
import { portalRoutes } from './routes';
import { applicantFailure } from './useApplicantData';
import { LINK_VALID_MINUTES, NEW_LINK_HINT } from '@/lib/applicantLinks';
import styles from './applicant.module.css';

/** Said while the link is checked and when it no longer works, so the banner keeps its height. */
const LINK_RULE = `Cada enlace sirve una sola vez y vence a los ${LINK_VALID_MINUTES} minutos.`;

type State = { step: 'checking' } | { step: 'expired' } | { step: 'failed'; text: string };

/** The token from the link's fragment (#…), which the browser never sends to a server. */
export function tokenFromHash(hash: string): string {
  return hash.replace(/^#/, '').trim();
}

/**
 * The page the emailed link opens: it reads the token from the fragment, takes it off the address
 * at once (before the page-view tracker, which runs after the page's own effects, can read it),
 * trades it for a session and goes on to the list. A used, expired or broken link gets a page
 * that says so and offers a new one.
 */
export function SignInFromLink() {
  const [state, setState] = useState<State>({ step: 'checking' });
  useEffect(() => {
    const token = tokenFromHash(window.location.hash);
    window.history.replaceState(null, '', window.location.pathname);
    // A link without its token (cut off by a mail client) is answered here as the server would (400),
    // without a request it would refuse. A broken token is refused like an expired one: one path for all.
    const started = token === '' ? Promise.reject(new ApplicantApiError(400, '')) : applicantApi.startSession(token);
    started.then(
      () => window.location.replace(portalRoutes.home),
      (error: unknown) => {
        if (error instanceof ApplicantApiError && (error.status === 410 || error.status === 400)) setState({ step: 'expired' });
        else setState({ step: 'failed', text: error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null) });
      },
    );
  }, []);

  if (state.step === 'checking') {
    return (
      <PortalFrame title="Entrando a tu solicitud" lead={LINK_RULE}>
        <p role="status" className={styles.muted}>
          Revisando tu enlace…
        </p>
      </PortalFrame>
    );
  }
  if (state.step === 'expired') {
    return (
      <PortalFrame title="Este enlace ya no sirve" lead={`${LINK_RULE} ${NEW_LINK_HINT}`}>
        <div className={styles.narrow}>
          <Suspense fallback={null}>
            <LinkRequest />
          </Suspense>
        </div>
      </PortalFrame>
    );
  }
  return (
    <PortalFrame title="No pudimos abrir tu solicitud">
      <Notice tone="error">{state.text}</Notice>
      <p>
        <a href={portalRoutes.home} className={styles.backLink}>
          Pedir un enlace nuevo
        </a>
      </p>
    </PortalFrame>
  );
}
