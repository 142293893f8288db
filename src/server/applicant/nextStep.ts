import { facts, type ReviewedProgrammeKey } from '../../config/programmes';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { weeks } from '../../lib/figures';
import type { GrantNoun, GrantState } from '../../lib/grants';
import { DECISION_TEMPLATES } from '../mail/decisions';
import type { Queryable } from '../storage/database';

/**
 * What happens next for an application, in one Spanish sentence, from the programme's configuration
 * only (src/config/programmes.ts, the contact addresses of src/config/site.ts through the decision
 * emails' templates) and, once approved, from where the grant stands (GrantProgress): a figure the
 * deployer left unset is not promised, and a status with nothing to promise has no sentence (null).
 */

const decisionWeeks: Readonly<Record<ReviewedProgrammeKey, number | undefined>> = {
  'project-grants': facts.projectGrants.decisionWeeks,
  'small-grants': facts.smallGrants.decisionWeeks,
  'academic-grants': facts.academicGrants.decisionWeeks,
  'devcon-grants': facts.devconGrants.decisionWeeks,
  'office-hours': undefined,
};

/** Where an approved application's payout stands, as the grantee's page needs it to say what is next. */
export type GrantProgress = {
  /** "beca", "patrocinio" or "apoyo" (src/lib/grants.ts grantNounOf). */
  readonly noun: GrantNoun;
  /** A Security Grantee ID was issued from the application (and not revoked). */
  readonly granteeIdIssued: boolean;
  /** At least one version of payment details arrived with that ID. */
  readonly paymentDetailsReceived: boolean;
  /** null: the team has not created the grant yet. */
  readonly grant: null | { readonly state: GrantState; readonly milestones: number; readonly milestonesAccepted: number };
};

export const NO_GRANT_PROGRESS: GrantProgress = { noun: 'beca', granteeIdIssued: false, paymentDetailsReceived: false, grant: null };

/** Reads an application's GrantProgress; `noun` is the caller's (it knows the answers). */
export async function grantProgressOf(db: Queryable, submissionId: string, noun: GrantNoun): Promise<GrantProgress> {
  const [row] = await db.query<{ issued: boolean; details: boolean; state: GrantState | null; milestones: number; accepted: number }>(
    `SELECT EXISTS (SELECT 1 FROM grantees g WHERE g.submission_id = $1 AND g.revoked_at IS NULL) AS issued,
            EXISTS (SELECT 1 FROM grantee_finance_versions v JOIN grantees g ON g.id = v.grantee_id WHERE g.submission_id = $1) AS details,
            (SELECT state FROM grants WHERE submission_id = $1) AS state,
            (SELECT count(*)::int FROM grant_milestones m JOIN grants gr ON gr.id = m.grant_id WHERE gr.submission_id = $1) AS milestones,
            (SELECT count(*)::int FROM grant_milestones m JOIN grants gr ON gr.id = m.grant_id WHERE gr.submission_id = $1 AND m.state = 'accepted') AS accepted`,
    [submissionId],
  );
  return {
    noun,
    granteeIdIssued: row?.issued ?? false,
    paymentDetailsReceived: row?.details ?? false,
    grant: row?.state ? { state: row.state, milestones: row.milestones, milestonesAccepted: row.accepted } : null,
  };
}

const writeTo = (form: ReviewedProgrammeKey): string => `escríbenos a ${DECISION_TEMPLATES[form].contactEmail} indicando tu número de referencia.`;
const contactLine = (form: ReviewedProgrammeKey): string => `Si tienes alguna pregunta, ${writeTo(form)}`;

/** "Qué sigue" for an approved application of a paying programme, from the first thing still open. */
function grantNextStep(form: ReviewedProgrammeKey, progress: GrantProgress): string {
  const { noun, grant } = progress;
  if (grant?.state === 'completed') return `Tu ${noun} está ${noun === 'beca' ? 'completa' : 'completo'}: no tienes nada pendiente. Gracias por tu trabajo.`;
  if (grant?.state === 'cancelled') return `El equipo canceló tu ${noun}. ${contactLine(form)}`;
  if (!progress.granteeIdIssued) {
    return 'El equipo te escribirá con tu ID de seguridad (Security Grantee ID), que necesitarás para enviarnos tus datos de pago por el formulario seguro del sitio.';
  }
  if (!progress.paymentDetailsReceived) {
    return 'Ya te enviamos por correo tu ID de seguridad (Security Grantee ID): úsalo para enviarnos tus datos de pago por el formulario seguro del sitio.';
  }
  if (!grant) return `Recibimos tus datos de pago. El equipo registrará tu ${noun} y sus hitos: los verás en esta página.`;
  if (grant.milestones === 0) return `Recibimos tus datos de pago. El equipo definirá los hitos de tu ${noun} y te avisará por correo cuando estén.`;
  if (grant.milestonesAccepted < grant.milestones) return 'Envía el informe de avance de cada hito en esta página, antes de su fecha límite. El equipo lo revisará y te avisará por correo.';
  return 'El equipo aceptó todos tus hitos: los pagos pendientes aparecerán en esta página cuando el equipo de finanzas los registre.';
}

export function nextStepOf(form: ReviewedProgrammeKey, status: ApplicationStatus, progress: GrantProgress = NO_GRANT_PROGRESS): string | null {
  const usual = decisionWeeks[form];
  const decision = usual === undefined ? null : `El equipo suele decidir en unas ${weeks(usual)} desde que recibe una solicitud.`;
  switch (status) {
    case 'received':
      return ['Recibimos tu solicitud y te enviamos la confirmación por correo. El equipo la revisará.', decision].filter(Boolean).join(' ');
    case 'in_review':
      return decision;
    case 'information_requested':
      return 'El equipo espera tu respuesta a su pregunta: respóndela en esta página para que la revisión siga.';
    case 'approved':
      return DECISION_TEMPLATES[form].paysOut ? grantNextStep(form, progress) : DECISION_TEMPLATES[form].nextStep;
    case 'rejected':
      return `Si quieres saber más sobre la decisión, ${writeTo(form)}`;
    case 'withdrawn':
      return null;
  }
}
