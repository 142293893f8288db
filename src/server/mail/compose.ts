import { APPLICANT_PORTAL_PATH } from '../../api/contracts/applicant';
import { programmes } from '../../config/programmes';
import { site } from '../../config/site';
import { spanishUtcMoment } from '../../lib/moments';
import { formDefinitions } from '../../forms/definitions';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import { paymentDetailsWording } from '../finance/mail';

/**
 * The Spanish emails of the outbox, plain text: the applicant's confirmation and the team's notice,
 * composed when sent from the stored row (so the outbox holds no copy of anyone's answers), and the
 * newsletter's confirmation, composed at sign-up. Programme names and what comes next come from the
 * programme table the thank-you pages read.
 */

/** The reference an applicant quotes: programme prefix and the row id, at least six digits. */
export function referenceOf(form: FormKey, id: string): string {
  return `${programmes[form].referencePrefix}-${id.padStart(6, '0')}`;
}

/** A stored application: a submissions row, or a version of payment details. */
export type StoredApplication = { readonly form: FormKey; readonly id: string; readonly payload: WirePayload; readonly createdAt: Date };

/** 'solicitud a Project Grants' (applying to a programme), but 'solicitud de Office Hours' (asking for a session). */
export function requestTo(form: FormKey): string {
  return `solicitud ${form === 'office-hours' ? 'de' : 'a'} ${programmes[form].name}`;
}

export type ComposedEmail = { readonly to: string; readonly subject: string; readonly text: string };

/** The applicant portal (/mi-solicitud/), where the applicant asks for a sign-in link: no token, ever. */
export const applicantPortalUrl = (): string => `${site.url}${APPLICANT_PORTAL_PATH}`;

/** The last lines of every email to an applicant: the way back to their application's status. */
export const applicantPortalLines = (): string[] => [`Puedes seguir el estado de tu solicitud en ${applicantPortalUrl()}`, ''];

const text = (payload: WirePayload, name: string): string => {
  const value = payload[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** What the confirmation and the team's notice say of one form: an application, or payment details (src/server/finance/mail.ts). */
type Wording = {
  /** The answers that hold the applicant's address and the name they are greeted by. */
  readonly addressField: string;
  readonly nameField: string;
  readonly received: string;
  /** The confirmation's next step, for programmes that answer within two business days. */
  readonly nextStep: string;
  readonly subject: (reference: string) => string;
};

function wordingOf(form: FormKey): Wording {
  if (formDefinitions[form].kind === 'payment-details') return paymentDetailsWording;
  return {
    addressField: 'email',
    nameField: 'firstName',
    received: `Gracias por tu ${requestTo(form)} de ${site.brand}. La recibimos correctamente.`,
    nextStep: 'Este correo confirma que tu solicitud llegó; no hace falta que lo respondas.',
    subject: (reference) => `Recibimos tu ${requestTo(form)} (${reference})`,
  };
}

/** Where the applicant's confirmation goes (payment details ask for a contact email, applications for email). */
export function applicantAddressOf(application: StoredApplication): string {
  return text(application.payload, wordingOf(application.form).addressField);
}

export function composeConfirmation(application: StoredApplication): ComposedEmail {
  const programme = programmes[application.form];
  const reference = referenceOf(application.form, application.id);
  const wording = wordingOf(application.form);
  const name = text(application.payload, wording.nameField);
  const { followUp } = programme;
  // This email is the confirmation the thank-you page announces: it promises no further message.
  const next =
    followUp.kind === 'twoBusinessDays'
      ? [wording.nextStep, `Si tienes alguna pregunta, escríbenos a ${followUp.contactEmail} indicando tu número de referencia.`].join(' ')
      : `Esta es la confirmación que te prometimos. Puedes leer más sobre ${programme.name} en ${site.url}${followUp.programmePage}`;
  return {
    to: applicantAddressOf(application),
    subject: wording.subject(reference),
    text: [
      `Hola${name ? ` ${name}` : ''}:`,
      '',
      wording.received,
      '',
      `Número de referencia: ${reference}`,
      '',
      next,
      '',
      'Saludos,',
      `El equipo de ${site.brand}`,
      '',
      // A grantee follows their payment details on the application's page too (the dates they arrived).
      ...applicantPortalLines(),
    ].join('\n'),
  };
}

/** The team's notice: which programme, which reference, when (src/lib/moments.ts) and the team page that opens it. No answers, no payment details. */
export function composeTeamNotice(application: StoredApplication, teamAddress: string): ComposedEmail {
  const reference = referenceOf(application.form, application.id);
  return {
    to: teamAddress,
    subject: `Nueva ${requestTo(application.form)} (${reference})`,
    text: [
      `Llegó una nueva ${requestTo(application.form)}.`,
      '',
      `Número de referencia: ${reference}`,
      `Recibida el ${spanishUtcMoment(application.createdAt)}`,
      '',
      `Para leerla: ${site.url}/equipo/solicitud/?id=${reference}`,
      '',
    ].join('\n'),
  };
}

/** Where the newsletter's links land (server routes, src/server/newsletter.ts). */
export const NEWSLETTER_CONFIRM_PATH = '/api/newsletter/confirm';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

const linkTo = (pathname: string, token: string): string => `${site.url}${pathname}?token=${encodeURIComponent(token)}`;

/** The unsubscribe link every newsletter email carries. */
export const newsletterUnsubscribeUrl = (unsubscribeToken: string): string => linkTo(NEWSLETTER_UNSUBSCRIBE_PATH, unsubscribeToken);

/** The double opt-in email: nothing is sent to the address until its owner opens the link. */
export function composeNewsletterConfirmation(subscription: { to: string; confirmToken: string; unsubscribeToken: string }): ComposedEmail {
  return {
    to: subscription.to,
    subject: `Confirma tu suscripción al boletín de ${site.brand}`,
    text: [
      'Hola:',
      '',
      `Recibimos una solicitud para suscribir este correo al boletín de ${site.brand}. Para confirmarla, abre este enlace (vence en 48 horas y sirve una sola vez):`,
      '',
      linkTo(NEWSLETTER_CONFIRM_PATH, subscription.confirmToken),
      '',
      'Si no fuiste tú, ignora este mensaje: sin tu confirmación no te enviaremos nada.',
      '',
      `Para cancelar tu suscripción en cualquier momento: ${newsletterUnsubscribeUrl(subscription.unsubscribeToken)}`,
      '',
      'Saludos,',
      `El equipo de ${site.brand}`,
      '',
    ].join('\n'),
  };
}
