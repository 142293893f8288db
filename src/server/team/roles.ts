import type { Role } from '../../lib/team';

export { ROLES, isRole, type Role } from '../../lib/team';

/**
 * Grantee payment details are decrypted for the finance role only:
 * neither a reviewer nor an admin reads them, and every view is audited.
 */
export const seesPaymentDetails = (role: Role): boolean => role === 'finance';

/** Status changes, assignment, notes and decision emails. Finance only reads applications. */
export const REVIEWERS: readonly Role[] = ['reviewer', 'admin'];

/** Who assigns reviewers to applications and decides them (approve or reject, with a reason). */
export const ASSIGNERS_AND_DECIDERS: readonly Role[] = ['admin'];

/**
 * Who may score: the roles that can be assigned. Being assigned and having declared no conflict
 * is checked per application (src/server/team/scoring/access.ts).
 */
export const SCORERS: readonly Role[] = REVIEWERS;

/** Finance reads applications but nothing of their scores, declarations or aggregate. */
export const seesScoring = (role: Role): boolean => role !== 'finance';
