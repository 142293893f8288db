/** The programme team's roles (issue 16): what each may read and do. */
export const ROLES = ['admin', 'reviewer', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Grantee payment details (the grantee-finance form): finance and admin only, never a reviewer. */
export const seesPaymentDetails = (role: Role): boolean => role === 'finance' || role === 'admin';
