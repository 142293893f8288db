/**
 * A path in the team's area (/equipo and below), which has its own frame and start-up. A module of
 * its own, with no imports: `_app` runs it on every public page, where the rest of the team's
 * navigation has no place (it added 0.2–0.3 kB gzip to every page when imported from there).
 */
export function isTeamPath(pathname: string): boolean {
  return pathname === '/equipo' || pathname.startsWith('/equipo/');
}
