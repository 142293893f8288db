import { programmes, type ReviewedProgrammeKey } from '../../config/programmes';
import { contact, site } from '../../config/site';
import type { WirePayload } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { applicantAddressOf, applicantPortalLines, referenceOf, type ComposedEmail, type StoredApplication } from './compose';

/**
 * The emails the team sends an applicant about the outcome, in Spanish, one template
 * per programme: the decision (Aprobada or Rechazada), previewed and sent by a member, never
 * automatically; and the grantee security ID issued from an approved application. They state only
 * what is true whatever the programme's settings: no amounts, dates or deadlines, and no promise
 * beyond the team's next message.
 */

export const DECISION_STATUSES = ['approved', 'rejected'] as const satisfies readonly ApplicationStatus[];
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
export const isDecisionStatus = (status: string): status is DecisionStatus => (DECISION_STATUSES as readonly string[]).includes(status);

/** Where the grantee finance form is, under the site's origin. */
export const GRANTEE_FINANCE_PATH = '/applicants/grantee-finance/';

/** The forms whose applications are reviewed (not payment details). */
export type ReviewedForm = ReviewedProgrammeKey;

const answer = (payload: WirePayload, name: string): string => {
  const value = payload[name];
  return typeof value === 'string' ? value.trim() : '';
};

const quoted = (name: string): string => (name ? ` «${name}»` : '');

/** What the approval or the rejection is of, in the programme's words: "tu solicitud a Project Grants para el proyecto «X»". */
type Template = {
  readonly subject: Record<DecisionStatus, string>;
  /** The opening line of each decision. */
  readonly approved: (payload: WirePayload) => string;
  readonly rejected: (payload: WirePayload) => string;
  /** What happens after an approval: only the team's next message, never a figure or a date. */
  readonly nextStep: string;
  /** Grant programmes pay out, so their approval names the security ID; Office Hours does not. */
  readonly paysOut: boolean;
  readonly contactEmail: string;
};

const GRANT_NEXT_STEP =
  'El equipo te escribirá con el siguiente paso y con tu ID de seguridad (Security Grantee ID), que necesitarás para enviarnos tus datos de pago por el formulario seguro del sitio.';

const grantTemplate = (form: ReviewedForm, subject: (payload: WirePayload) => string): Template => {
  const { name } = programmes[form];
  return {
    subject: { approved: `Tu solicitud a ${name} fue aprobada`, rejected: `Sobre tu solicitud a ${name}` },
    approved: (payload) => `Nos alegra contarte que el equipo de ${site.brand} aprobó tu solicitud a ${name}${subject(payload)}.`,
    rejected: (payload) =>
      `Gracias por tu solicitud a ${name}${subject(payload)} y por el tiempo que dedicaste a prepararla. Después de revisarla con atención, el equipo de ${site.brand} decidió no aprobarla.`,
    nextStep: GRANT_NEXT_STEP,
    paysOut: true,
    contactEmail: form === 'academic-grants' ? contact.academicGrants : form === 'devcon-grants' ? contact.devconGrants : contact.general,
  };
};

const project = (payload: WirePayload): string => (answer(payload, 'projectName') ? ` para el proyecto${quoted(answer(payload, 'projectName'))}` : '');
const event = (payload: WirePayload): string => (answer(payload, 'eventName') ? ` para el evento${quoted(answer(payload, 'eventName'))}` : '');

/** One template per programme an applicant applies to. */
export const DECISION_TEMPLATES: Readonly<Record<ReviewedForm, Template>> = {
  'project-grants': grantTemplate('project-grants', project),
  'small-grants': grantTemplate('small-grants', (payload) => project(payload) || event(payload)),
  'academic-grants': grantTemplate('academic-grants', project),
  'devcon-grants': grantTemplate('devcon-grants', event),
  'office-hours': {
    subject: { approved: 'Tu solicitud de Office Hours fue aceptada', rejected: 'Sobre tu solicitud de Office Hours' },
    approved: () => `Nos alegra contarte que el equipo de ${site.brand} aceptó tu solicitud de Office Hours.`,
    rejected: () => `Gracias por tu solicitud de Office Hours y por el tiempo que dedicaste a prepararla. Después de revisarla, el equipo de ${site.brand} decidió no programar una sesión esta vez.`,
    nextStep: 'El equipo te escribirá para coordinar la videollamada.',
    paysOut: false,
    contactEmail: contact.general,
  },
};

const greeting = (application: StoredApplication): string => {
  const name = answer(application.payload, 'firstName');
  return `Hola${name ? ` ${name}` : ''}:`;
};

const signature = ['Saludos,', `El equipo de ${site.brand}`, ''];

/**
 * The decision email for an application of a reviewed form in an approved or rejected state, with
 * the team's own message to the applicant when a member wrote one (also shown in the portal).
 */
export function composeDecisionEmail(application: StoredApplication & { readonly form: ReviewedForm }, status: DecisionStatus, applicantMessage: string | null = null): ComposedEmail {
  const template = DECISION_TEMPLATES[application.form];
  const reference = referenceOf(application.form, application.id);
  const message = applicantMessage?.trim() ? ['', 'Mensaje del equipo:', '', applicantMessage.trim()] : [];
  const body =
    status === 'approved'
      ? [template.approved(application.payload), ...message, '', `Número de referencia: ${reference}`, '', template.nextStep]
      : [template.rejected(application.payload), ...message, '', `Número de referencia: ${reference}`];
  return {
    to: applicantAddressOf(application),
    subject: `${template.subject[status]} (${reference})`,
    text: [
      greeting(application),
      '',
      ...body,
      '',
      `Si tienes alguna pregunta, escríbenos a ${template.contactEmail} indicando tu número de referencia.`,
      '',
      ...signature,
      ...applicantPortalLines(),
    ].join('\n'),
  };
}

/** Whether an approved application of this form may get a grantee security ID (Office Hours pays nothing). */
export const paysOut = (form: ReviewedForm): boolean => DECISION_TEMPLATES[form].paysOut;

/**
 * The email carrying a grantee's security ID: the only place it is ever written (the outbox blanks
 * the body once sent). `reissued` tells the applicant the previous ID stopped working.
 */
export function composeGranteeIdEmail(
  application: StoredApplication & { readonly form: ReviewedForm },
  grant: { readonly securityId: string; readonly siteOrigin: string; readonly reissued: boolean },
): ComposedEmail {
  const { name } = programmes[application.form];
  const reference = referenceOf(application.form, application.id);
  return {
    to: applicantAddressOf(application),
    subject: `Tu ID de seguridad (Security Grantee ID) para ${name} (${reference})`,
    text: [
      greeting(application),
      '',
      `Este es tu ID de seguridad (Security Grantee ID) para la solicitud ${reference} a ${name}:`,
      '',
      grant.securityId,
      '',
      'Con él puedes enviarnos tus datos de pago en el formulario de datos de pago:',
      `${grant.siteOrigin}${GRANTEE_FINANCE_PATH}`,
      '',
      ...(grant.reissued ? ['Este ID reemplaza al que te enviamos antes para esta solicitud: el anterior ya no funciona.', ''] : []),
      'Guárdalo en un lugar seguro y no lo compartas. Por tu seguridad no lo mostramos en ningún otro lugar: si lo pierdes, pide uno nuevo al equipo.',
      '',
      `Si tienes alguna pregunta, escríbenos a ${DECISION_TEMPLATES[application.form].contactEmail} indicando tu número de referencia.`,
      '',
      ...signature,
      ...applicantPortalLines(),
    ].join('\n'),
  };
}
