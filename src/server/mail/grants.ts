import { contact, site } from '../../config/site';
import type { WirePayload } from '../../forms/definitions/types';
import { grantNounOf, milestoneStateLabels } from '../../lib/grants';
import { applicantAddressOf, applicantPortalLines, referenceOf, type ComposedEmail, type StoredApplication } from './compose';
import { DECISION_TEMPLATES } from './decisions';

/**
 * The emails to a grantee about their grant's milestones, in Spanish and in the layout of the other
 * applicant emails (greeting, the reference, the portal's address last): a progress report accepted,
 * changes asked on it (with the reviewer's comment), the reminders 7 days before a milestone's
 * fecha límite and on the day it becomes Vencido, and the milestones the team first defined. Each
 * names the grant as the grantee's page does (beca, patrocinio or apoyo) and gives the programme's
 * contact address.
 */

/** The outbox purpose of the two reminders; the mail worker checks at send time that they still hold. */
export const MILESTONE_REMINDER_PURPOSE = 'milestone-reminder';

const answer = (payload: WirePayload, name: string): string => (typeof payload[name] === 'string' ? String(payload[name]).trim() : '');
const greeting = (payload: WirePayload): string => {
  const name = answer(payload, 'firstName');
  return `Hola${name ? ` ${name}` : ''}:`;
};
const signature = ['Saludos,', `El equipo de ${site.brand}`, ''];

const longDay = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "3 de diciembre de 2026" for 2026-12-03. */
export const spanishDay = (isoDate: string): string => longDay.format(new Date(`${isoDate}T00:00:00Z`));

export type MilestoneMail = { readonly application: StoredApplication; readonly milestone: { readonly title: string; readonly dueDate: string }; readonly version?: number };

/** "beca", "patrocinio" or "apoyo": what the grantee's page calls it too (src/lib/grants.ts). */
const nounOf = (application: StoredApplication): string => grantNounOf(application.form, application.payload.projectCategory);

/** Where a grantee writes with a question: the programme's contact address (src/config/site.ts), as in the decision emails. */
const contactOf = (application: StoredApplication): string => (application.form in DECISION_TEMPLATES ? DECISION_TEMPLATES[application.form as keyof typeof DECISION_TEMPLATES].contactEmail : contact.general);

function compose(application: StoredApplication, subject: string, body: readonly string[], question = 'Si tienes alguna pregunta'): ComposedEmail {
  const reference = referenceOf(application.form, application.id);
  return {
    to: applicantAddressOf(application),
    subject: `${subject} (${reference})`,
    text: [
      greeting(application.payload),
      '',
      ...body,
      '',
      `Número de referencia: ${reference}`,
      '',
      `${question}, escríbenos a ${contactOf(application)} indicando tu número de referencia.`,
      '',
      ...signature,
      ...applicantPortalLines(),
    ].join('\n'),
  };
}

export function composeReportAccepted(input: MilestoneMail): ComposedEmail {
  return compose(input.application, `Aceptamos tu informe del hito «${input.milestone.title}»`, [
    `El equipo de ${site.brand} revisó tu informe de avance${input.version ? ` (versión ${input.version})` : ''} del hito «${input.milestone.title}» y lo aceptó. El hito queda como «${milestoneStateLabels.accepted}».`,
    '',
    'Los pagos asociados al hito los registra el equipo de finanzas; los verás en la página de tu solicitud cuando se hagan.',
  ]);
}

export function composeChangesRequested(input: MilestoneMail & { readonly comment: string }): ComposedEmail {
  return compose(input.application, `Te pedimos cambios en tu informe del hito «${input.milestone.title}»`, [
    `El equipo de ${site.brand} revisó tu informe de avance${input.version ? ` (versión ${input.version})` : ''} del hito «${input.milestone.title}» y te pide estos cambios:`,
    '',
    input.comment.trim(),
    '',
    'Cuando los tengas, envía una nueva versión del informe en la página de tu solicitud (no respondas a este correo). La versión anterior queda guardada.',
  ]);
}

export function composeDueReminder(input: MilestoneMail): ComposedEmail {
  return compose(input.application, `Recordatorio: la fecha límite del hito «${input.milestone.title}» es el ${spanishDay(input.milestone.dueDate)}`, [
    `Te recordamos que la fecha límite del hito «${input.milestone.title}» de tu ${nounOf(input.application)} es el ${spanishDay(input.milestone.dueDate)}.`,
    '',
    'Cuando lo completes, envía tu informe de avance en la página de tu solicitud: un texto, enlaces y, si quieres, un archivo.',
  ]);
}

export function composeOverdueReminder(input: MilestoneMail): ComposedEmail {
  return compose(
    input.application,
    `El hito «${input.milestone.title}» pasó su fecha límite`,
    [
      `La fecha límite del hito «${input.milestone.title}» de tu ${nounOf(input.application)} fue el ${spanishDay(input.milestone.dueDate)} y todavía no tenemos su informe de avance: ahora figura como «${milestoneStateLabels.overdue}».`,
      '',
      'Envía tu informe en la página de tu solicitud lo antes posible.',
    ],
    'Si necesitas más tiempo',
  );
}

export type MilestonesDefinedMail = { readonly application: StoredApplication; readonly milestones: readonly { readonly title: string; readonly dueDate: string }[] };

/** The first time the team defines a grant's milestones: what they are and when each is due (the portal's promise). */
export function composeMilestonesDefined(input: MilestonesDefinedMail): ComposedEmail {
  const noun = nounOf(input.application);
  return compose(input.application, `Ya están los hitos de tu ${noun}`, [
    `El equipo de ${site.brand} definió los hitos de tu ${noun}:`,
    '',
    ...input.milestones.map((milestone, index) => `${index + 1}. «${milestone.title}», fecha límite: ${spanishDay(milestone.dueDate)}`),
    '',
    'En la página de tu solicitud verás qué se espera de cada uno y podrás enviar su informe de avance cuando lo completes.',
  ]);
}
