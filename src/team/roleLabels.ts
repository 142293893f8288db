import type { Role } from '@/lib/team';

/**
 * A role's name, as the team's header and the members list say it. A module of its own: the header
 * is on every team page's first load, the rest of labels.ts (programmes, audit actions) is not.
 */
const roleLabels: Record<Role, string> = { admin: 'administración', reviewer: 'revisión', finance: 'finanzas' };

export function formatRole(role: Role): string {
  return roleLabels[role];
}
