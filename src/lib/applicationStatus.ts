/**
 * The review status of an application: Recibida → En revisión → Aprobada | Rechazada |
 * Retirada. Stored as a code (migration 9), shown with its Spanish label. Shared by the server
 * (validation, retention, webhooks) and the team pages.
 */
export const APPLICATION_STATUSES = ['received', 'in_review', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  received: 'Recibida',
  in_review: 'En revisión',
  approved: 'Aprobada',
  rejected: 'Rechazada',
  withdrawn: 'Retirada',
};

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);

/**
 * The statuses an application may move to from each status: a rejected application can
 * be reopened; approved and rejected are otherwise final, and withdrawn is the end.
 */
export const nextStatuses: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  received: ['in_review', 'withdrawn'],
  in_review: ['approved', 'rejected', 'withdrawn'],
  approved: ['withdrawn'],
  rejected: ['in_review'],
  withdrawn: [],
};

export const canMoveTo = (from: ApplicationStatus, to: ApplicationStatus): boolean => nextStatuses[from].includes(to);
