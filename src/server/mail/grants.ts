import { site } from '../../config/site';
import type { WirePayload } from '../../forms/definitions/types';
import { applicantAddressOf, applicantPortalLines, referenceOf, type ComposedEmail, type StoredApplication } from './compose';

/**
 * The emails to a grantee about their grant's milestones, in Spanish and in the layout of the other
 * applicant emails (greeting, the reference, the portal's address last): a progress report accepted,
 * changes asked on it (with the reviewer's comment), and the reminders 7 days before a milestone's
 * due date and on the day it becomes Vencida.
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

function compose(input: MilestoneMail, subject: string, body: readonly string[]): ComposedEmail {
  const reference = referenceOf(input.application.form, input.application.id);
  return {
    to: applicantAddressOf(input.application),
    subject: `${subject} (${reference})`,
    text: [greeting(input.application.payload), '', ...body, '', `Número de referencia: ${reference}`, '', ...signature, ...applicantPortalLines()].join('\n'),
  };
}

export function composeReportAccepted(input: MilestoneMail): ComposedEmail {
  return compose(input, `Aceptamos tu informe del hito «${input.milestone.title}»`, [
    `El equipo de ${site.brand} revisó tu informe de avance${input.version ? ` (versión ${input.version})` : ''} del hito «${input.milestone.title}» y lo aceptó. El hito queda en «Aceptada».`,
    '',
    'Los pagos asociados al hito los registra el equipo de finanzas; los verás en la página de tu solicitud cuando se hagan.',
  ]);
}

export function composeChangesRequested(input: MilestoneMail & { readonly comment: string }): ComposedEmail {
  return compose(input, `Te pedimos cambios en tu informe del hito «${input.milestone.title}»`, [
    `El equipo de ${site.brand} revisó tu informe de avance${input.version ? ` (versión ${input.version})` : ''} del hito «${input.milestone.title}» y te pide estos cambios:`,
    '',
    input.comment.trim(),
    '',
    'Cuando los tengas, envía una nueva versión del informe en la página de tu solicitud (no respondas a este correo). La versión anterior queda guardada.',
  ]);
}

export function composeDueReminder(input: MilestoneMail): ComposedEmail {
  return compose(input, `Recordatorio: el hito «${input.milestone.title}» vence el ${spanishDay(input.milestone.dueDate)}`, [
    `Te recordamos que el hito «${input.milestone.title}» de tu beca vence el ${spanishDay(input.milestone.dueDate)}.`,
    '',
    'Cuando lo completes, envía tu informe de avance en la página de tu solicitud: un texto, enlaces y, si quieres, un archivo.',
  ]);
}

export function composeOverdueReminder(input: MilestoneMail): ComposedEmail {
  return compose(input, `El hito «${input.milestone.title}» venció`, [
    `El hito «${input.milestone.title}» de tu beca venció el ${spanishDay(input.milestone.dueDate)} y todavía no tenemos su informe de avance: ahora figura como «Vencida».`,
    '',
    'Envía tu informe en la página de tu solicitud lo antes posible. Si necesitas más tiempo, escríbele al equipo.',
  ]);
}
