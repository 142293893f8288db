/**
 * What the team's pages, the applicant's pages and the server all name about a grant: its states,
 * its milestones' states (one of them, Vencida, derived from the due date and never stored) and
 * the Spanish labels they are shown with.
 */

export const GRANT_STATES = ['active', 'completed', 'cancelled'] as const;
export type GrantState = (typeof GRANT_STATES)[number];

export const grantStateLabels: Readonly<Record<GrantState, string>> = { active: 'Activa', completed: 'Completada', cancelled: 'Cancelada' };

/** A milestone's state as stored. */
export const STORED_MILESTONE_STATES = ['pending', 'delivered', 'accepted', 'changes_requested'] as const;
export type StoredMilestoneState = (typeof STORED_MILESTONE_STATES)[number];

/** A milestone's state as shown: the stored one, or 'overdue' once its due date has passed. */
export const MILESTONE_STATES = [...STORED_MILESTONE_STATES, 'overdue'] as const;
export type MilestoneState = (typeof MILESTONE_STATES)[number];

export const milestoneStateLabels: Readonly<Record<MilestoneState, string>> = {
  pending: 'Pendiente',
  delivered: 'Entregada',
  accepted: 'Aceptada',
  changes_requested: 'Con cambios pedidos',
  overdue: 'Vencida',
};

export const REPORT_DECISIONS = ['accepted', 'changes_requested'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/**
 * Vencida: the due date (YYYY-MM-DD) is before `today` (YYYY-MM-DD, UTC) and the grantee still owes
 * the work (nothing delivered, or changes asked). A delivered report waits on the team, not on the
 * grantee, so it stays Entregada; an accepted milestone is never overdue.
 */
export function milestoneStateOn(stored: StoredMilestoneState, dueDate: string, today: string): MilestoneState {
  if ((stored === 'pending' || stored === 'changes_requested') && dueDate < today) return 'overdue';
  return stored;
}

/** Today's date in UTC as YYYY-MM-DD: the day the due dates are compared with. */
export const utcToday = (now: Date): string => now.toISOString().slice(0, 10);

/** The programmes whose approved applications get a grant (money paid out); Office Hours gives a session, not money. */
export const GRANT_PROGRAMMES = ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants'] as const;
export type GrantProgramme = (typeof GRANT_PROGRAMMES)[number];
export const isGrantProgramme = (form: string): form is GrantProgramme => (GRANT_PROGRAMMES as readonly string[]).includes(form);
