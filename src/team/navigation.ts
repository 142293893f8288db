import { signInUrl, teamRoutes } from '@/lib/team';
import { navigate } from './navigate';

/** Only a team page may be returned to after sign-in: anything else would be an open redirect. */
export function safeReturnPath(candidate: string | null): string {
  if (candidate && /^\/equipo\/[^/]/.test(candidate) && !candidate.startsWith('//') && !candidate.includes('\\')) return candidate;
  return teamRoutes.inbox;
}

/** Sends a member whose session ended back to sign in, to return here afterwards. */
export function goToSignIn(): void {
  navigate(signInUrl(`${window.location.pathname}${window.location.search}`));
}
