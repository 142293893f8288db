import { EVENT_SPONSORSHIP } from '../forms/options/categories';

/**
 * What the team's pages, the applicant's pages and the server all name about a grant: its states,
 * its milestones' states (one of them, Vencido, derived from the due date and never stored) and
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

/** Masculine, as "el hito" they describe: "Hito 1: Demo · Aceptado", "El hito queda como «Aceptado»". */
export const milestoneStateLabels: Readonly<Record<MilestoneState, string>> = {
  pending: 'Pendiente',
  delivered: 'Entregado',
  accepted: 'Aceptado',
  changes_requested: 'Con cambios pedidos',
  overdue: 'Vencido',
};

/**
 * What the grantee's pages and emails call the money an approved application receives: the site
 * says event sponsorships are not grants ("No: los patrocinios de eventos no son becas"), so a Small
 * Grants event sponsorship is a "patrocinio", a Devcon Grants event's support an "apoyo", and
 * everything else a "beca". The one place that choice is made; `category` is the Small Grants
 * form's projectCategory answer.
 */
export const GRANT_NOUNS = ['beca', 'patrocinio', 'apoyo'] as const;
export type GrantNoun = (typeof GRANT_NOUNS)[number];

/** A grant's state in agreement with its noun: "Tu beca · Activa", "Tu patrocinio · Activo". */
export function grantStateLabelOf(state: GrantState, noun: GrantNoun): string {
  if (noun === 'beca') return grantStateLabels[state];
  return { active: 'Activo', completed: 'Completado', cancelled: 'Cancelado' }[state];
}

export function grantNounOf(form: string, category: unknown): GrantNoun {
  if (form === 'devcon-grants') return 'apoyo';
  if (form === 'small-grants' && category === EVENT_SPONSORSHIP) return 'patrocinio';
  return 'beca';
}

export const REPORT_DECISIONS = ['accepted', 'changes_requested'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/**
 * Vencido: the due date (YYYY-MM-DD) is before `today` (YYYY-MM-DD, UTC) and the grantee still owes
 * the work (nothing delivered, or changes asked). A delivered report waits on the team, not on the
 * grantee, so it stays Entregado; an accepted milestone is never overdue.
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
