/**
 * The review status of an application: Recibida → En revisión (⇄ Información solicitada) →
 * Aprobada | Rechazada | Retirada. Stored as a code (migrations 9 and 13), shown with its Spanish label. Shared by the server
 * (validation, retention, webhooks) and the team pages.
 */
export const APPLICATION_STATUSES = ['received', 'in_review', 'information_requested', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  received: 'Recibida',
  in_review: 'En revisión',
  information_requested: 'Información solicitada',
  approved: 'Aprobada',
  rejected: 'Rechazada',
  withdrawn: 'Retirada',
};

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);

/**
 * The statuses a member may move an application to from each status: a rejected application can
 * be reopened; approved and rejected are otherwise final, and withdrawn is the end. Información
 * solicitada is entered only by asking the applicant a question (informationRequestFrom), and left
 * by their answer (back to En revisión) or by the team.
 */
export const nextStatuses: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  received: ['in_review', 'withdrawn'],
  in_review: ['approved', 'rejected', 'withdrawn'],
  information_requested: ['in_review', 'approved', 'rejected', 'withdrawn'],
  approved: ['withdrawn'],
  rejected: ['in_review'],
  withdrawn: [],
};

export const canMoveTo = (from: ApplicationStatus, to: ApplicationStatus): boolean => nextStatuses[from].includes(to);

/** The statuses from which the team may ask the applicant a question (another round is allowed). */
export const informationRequestFrom: readonly ApplicationStatus[] = ['received', 'in_review', 'information_requested'];

/** A decision has been taken (or the application withdrawn): the applicant can no longer withdraw it. */
export const isSettled = (status: ApplicationStatus): boolean => status === 'approved' || status === 'rejected' || status === 'withdrawn';
