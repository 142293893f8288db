import type { ReactNode } from 'react';
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from 'next/router';
import { PageMeta } from '@/components/PageMeta';
import { site } from '@/config/site';
import { TeamApiError, teamApi, type TeamMember, type TeamRole } from './api';
import { formatRole } from './roleLabels';
import { navigate } from './navigate';
import { teamRoutes } from '@/lib/team';
import { failureMessage, useTeamData } from './useTeamData';
import { Notice } from './Notice';
import styles from './team.module.css';

type NavItem = { href: string; label: string; roles?: readonly TeamRole[] };

const navItems: readonly NavItem[] = [
  { href: teamRoutes.inbox, label: 'Solicitudes' },
  { href: teamRoutes.myReviews, label: 'Mis revisiones', roles: ['reviewer', 'admin'] },
  { href: teamRoutes.rounds, label: 'Convocatorias' },
  { href: teamRoutes.figures, label: 'Cifras', roles: ['reviewer', 'admin'] },
  { href: teamRoutes.sessions, label: 'Mis sesiones' },
  { href: teamRoutes.members, label: 'Miembros', roles: ['admin'] },
  { href: teamRoutes.audit, label: 'Auditoría', roles: ['admin'] },
  { href: teamRoutes.dataRights, label: 'Datos personales', roles: ['admin'] },
  { href: teamRoutes.payments, label: 'Pagos', roles: ['finance'] },
];

function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    // Whatever the answer, the member meant to leave: the sign-in page is where they go next.
    await teamApi.signOut().catch(() => undefined);
    navigate(teamRoutes.signIn);
  };
  return (
    <button type="button" className={`${styles.linkButton} ${styles.signOut}`} onClick={signOut} disabled={busy}>
      Cerrar sesión
    </button>
  );
}

/**
 * The team's navigation. On a phone it is a "Menú" button that opens the links over the page; from
 * 1100 px wide, the links' own row under the header's first. Either way the header has the same
 * height before and after the session probe answers (TeamShell's `reserve`), so the page does not
 * jump when the member's links appear. Escape, on the button or in the open links, closes them and
 * gives the button its focus.
 */
function TeamNav({ member, current }: { member: TeamMember; current: string }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <>
      <button ref={toggle} type="button" className={styles.navToggle} aria-expanded={open} aria-controls="menu-equipo" onClick={() => setOpen((wasOpen) => !wasOpen)} onKeyDown={closeOnEscape}>
        Menú
      </button>
      <nav id="menu-equipo" aria-label="Área del equipo" className={styles.nav} data-open={open ? '' : undefined} onKeyDown={closeOnEscape}>
        <ul className={styles.navList}>
          {navItems
            .filter((item) => !item.roles || item.roles.includes(member.role))
            .map((item) => (
              <li key={item.href}>
                <a href={item.href} className={styles.navLink} aria-current={current === item.href ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * The frame of every team page: the team's own header (never the public navigation), the page's
 * h1 and its content. Plain markup and CSS modules: only the members page's revocation dialog
 * brings Chakra, inside its own provider and its own chunk, loaded when it first opens.
 * `reserve`: the page is asking who is signed in; the header keeps the signed-in header's place.
 * `lead`: what the page is for, under the title; in the exported HTML, so it shows with the first paint.
 * The pages are noindex, and robots.txt disallows /equipo/ (scripts/postexport.ts).
 */
export function TeamShell({ title, lead, member, reserve = false, children }: { title: string; lead?: string; member?: TeamMember; reserve?: boolean; children: ReactNode }) {
  const { pathname } = useRouter();
  const current = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const framed = member !== undefined || reserve;
  return (
    <>
      <PageMeta title={`${title} · Equipo`} description="Área del equipo del programa." noindex />
      <a href="#contenido" className={styles.skipLink}>
        Saltar al contenido
      </a>
      <header className={styles.header}>
        <div className={framed ? `${styles.headerInner} ${styles.headerSignedIn}` : styles.headerInner}>
          <p className={styles.brand}>
            <span>
              {site.brand} <span className={styles.brandArea}>· Equipo</span>
            </span>
          </p>
          {member ? (
            <>
              <p className={styles.who}>
                <span className={styles.whoEmail}>{member.email}</span> <span className={styles.whoRole}>({formatRole(member.role)})</span>
              </p>
              <SignOutButton />
              <TeamNav member={member} current={current} />
            </>
          ) : reserve ? (
            <span className={styles.headerReserve} aria-hidden="true" />
          ) : null}
        </div>
      </header>
      <main id="contenido" tabIndex={-1} className={styles.main}>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </main>
    </>
  );
}

/**
 * The signed-in member. The server answers the probe 200 either way (a 401 would be logged in the
 * console); signed out is taken as the data routes' 401, which useTeamData turns into sign-in.
 */
async function signedInMember(): Promise<TeamMember> {
  const session = await teamApi.session();
  if (!session.signedIn) throw new TeamApiError(401, '');
  return { email: session.email, role: session.role };
}

const loading = (
  <p role="status" className={styles.muted}>
    Cargando…
  </p>
);

/**
 * A page for signed-in members: asks the server who is signed in, checks the page's roles (the
 * server checks them again on every request: hiding is only a convenience) and renders the content
 * for that member; signed out, it sends the browser to sign in and come back. `preload` starts the download of the page's
 * screen (lazyScreen) at mount, beside the question; until it is there, "Cargando…" stays.
 */
export function TeamPage({
  title,
  lead,
  roles,
  preload,
  children,
}: {
  title: string;
  lead?: string;
  roles?: readonly TeamRole[];
  preload?: () => void;
  children: (member: TeamMember) => ReactNode;
}) {
  const me = useTeamData(signedInMember, []);
  useEffect(() => preload?.(), [preload]);
  if (me.state === 'loading') {
    return (
      <TeamShell title={title} lead={lead} reserve>
        {loading}
      </TeamShell>
    );
  }
  if (me.state === 'error') {
    return (
      <TeamShell title={title} lead={lead} reserve>
        <Notice tone={me.status === 401 ? 'info' : 'error'}>{failureMessage(me.status)}</Notice>
      </TeamShell>
    );
  }
  const member = me.data;
  if (roles && !roles.includes(member.role)) {
    return (
      <TeamShell title={title} lead={lead} member={member}>
        <Notice tone="error">{failureMessage(403)}</Notice>
      </TeamShell>
    );
  }
  return (
    <TeamShell title={title} lead={lead} member={member}>
      <Suspense fallback={loading}>{children(member)}</Suspense>
    </TeamShell>
  );
}
