import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { applicantApi } from '@/api/applicant';
import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { classNames } from '@/lib/classNames';
import { preloadForms } from './lazyForms';
import { portalRoutes } from './routes';
import styles from './applicant.module.css';

/** What the portal is for: its pages' description, and the detail page's lead until its application has loaded. */
export const PORTAL_DESCRIPTION = 'Consulta el estado de tu solicitud, responde las preguntas del equipo y descarga una copia de lo que enviaste.';

/** Ends the session on the server, then shows the portal's first page (which asks for a new link). */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    // Whatever the answer, the applicant meant to leave.
    await applicantApi.signOut().catch(() => undefined);
    window.location.assign(portalRoutes.home);
  };
  return (
    <button type="button" className={styles.linkButton} onClick={signOut} disabled={busy}>
      Cerrar sesión
    </button>
  );
}

/**
 * The frame of every portal page: noindex metadata, the banner with the page's one h1, and under
 * it the signed-in address with "Cerrar sesión" once the server has said who is signed in.
 * `reserve`: the page's title, lead and address come after its first paint; the frame holds their
 * place from the start (Banner's reserve, the bar's height), so nothing under them moves.
 */
export function PortalFrame({
  title,
  lead,
  email,
  printable = false,
  reserve = false,
  children,
}: {
  title: string;
  lead?: string;
  email?: string;
  printable?: boolean;
  reserve?: boolean;
  children: ReactNode;
}) {
  useEffect(preloadForms, []);
  return (
    <>
      <PageMeta title={title} description={PORTAL_DESCRIPTION} noindex />
      <Banner title={title} lead={lead} reserve={reserve} />
      <SiteContainer className={classNames(styles.page, printable && styles.printable)}>
        {email ? (
          <div className={classNames(styles.bar, styles.noPrint)}>
            <p className={styles.who}>
              Entraste como <strong>{email}</strong>
            </p>
            <SignOutButton />
          </div>
        ) : reserve ? (
          <div className={classNames(styles.bar, styles.barReserve, styles.noPrint)} aria-hidden="true" />
        ) : null}
        {children}
      </SiteContainer>
    </>
  );
}
