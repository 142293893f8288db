/** The programme team's roles: what each may read and do. */
export const ROLES = ['admin', 'reviewer', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * Grantee payment details (the grantee-finance form) are decrypted for the finance role only:
 * neither a reviewer nor an admin reads them, and every view is audited.
 */
export const seesPaymentDetails = (role: Role): boolean => role === 'finance';

/** Status changes, assignment, notes and decision emails. Finance only reads applications. */
export const REVIEWERS: readonly Role[] = ['reviewer', 'admin'];
