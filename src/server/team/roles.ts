import type { Role } from '../../lib/team';

export { ROLES, isRole, type Role } from '../../lib/team';

/**
 * Grantee payment details are decrypted for the finance role only:
 * neither a reviewer nor an admin reads them, and every view is audited.
 */
export const seesPaymentDetails = (role: Role): boolean => role === 'finance';

/** Status changes, assignment, notes and decision emails. Finance only reads applications. */
export const REVIEWERS: readonly Role[] = ['reviewer', 'admin'];
