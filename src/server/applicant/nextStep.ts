import { facts, type ReviewedProgrammeKey } from '../../config/programmes';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { DECISION_TEMPLATES } from '../mail/decisions';

/**
 * What happens next for an application, in one Spanish sentence, from the programme's configuration
 * only (src/config/programmes.ts and the decision emails' templates): a figure the deployer left
 * unset is not promised, and a status with nothing to promise has no sentence (null).
 */

const decisionWeeks: Readonly<Record<ReviewedProgrammeKey, number | undefined>> = {
  'project-grants': facts.projectGrants.decisionWeeks,
  'small-grants': facts.smallGrants.decisionWeeks,
  'academic-grants': facts.academicGrants.decisionWeeks,
  'devcon-grants': facts.devconGrants.decisionWeeks,
  'office-hours': undefined,
};

const weeks = (count: number): string => (count === 1 ? '1 semana' : `${count} semanas`);

export function nextStepOf(form: ReviewedProgrammeKey, status: ApplicationStatus): string | null {
  const usual = decisionWeeks[form];
  const decision = usual === undefined ? null : `El equipo suele decidir en unas ${weeks(usual)} desde que recibe una solicitud.`;
  switch (status) {
    case 'received':
      return [`El equipo revisará tu solicitud; la confirmación de recepción llega dentro de ${facts.confirmationBusinessDays} días hábiles.`, decision].filter(Boolean).join(' ');
    case 'in_review':
      return decision;
    case 'information_requested':
      return 'El equipo espera tu respuesta a su pregunta: respóndela en esta página para que la revisión siga.';
    case 'approved':
      return DECISION_TEMPLATES[form].nextStep;
    case 'rejected':
    case 'withdrawn':
      return null;
  }
}
