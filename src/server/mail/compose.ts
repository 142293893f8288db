import { APPLICANT_PORTAL_PATH } from '../../api/contracts/applicant';
import { programmes } from '../../config/programmes';
import { site } from '../../config/site';
import type { FormKey, WirePayload } from '../../forms/definitions/types';

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

/** A stored application: a submissions row, or a grantee finance version. */
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

/** Where the applicant's confirmation goes (grantee finance asks for a contact email, the others for email). */
export function applicantAddressOf(application: StoredApplication): string {
  return text(application.payload, application.form === 'grantee-finance' ? 'contactEmail' : 'email');
}

function greetingName(application: StoredApplication): string {
  return text(application.payload, application.form === 'grantee-finance' ? 'beneficiaryName' : 'firstName');
}

export function composeConfirmation(application: StoredApplication): ComposedEmail {
  const programme = programmes[application.form];
  const reference = referenceOf(application.form, application.id);
  const name = greetingName(application);
  const received =
    application.form === 'grantee-finance'
      ? `Recibimos tus datos de pago para tu beca de ${site.brand}. Por tu seguridad, este correo no los repite.`
      : `Gracias por tu ${requestTo(application.form)} de ${site.brand}. La recibimos correctamente.`;
  const { followUp } = programme;
  // This email is the confirmation the thank-you page announces: it promises no further message.
  const next =
    followUp.kind === 'twoBusinessDays'
      ? [
          application.form === 'grantee-finance'
            ? 'Si necesitas corregir algún dato, vuelve a enviar el formulario con tu ID de seguridad (Security Grantee ID): guardamos cada versión.'
            : 'Este correo confirma que tu solicitud llegó; no hace falta que lo respondas.',
          `Si tienes alguna pregunta, escríbenos a ${followUp.contactEmail} indicando tu número de referencia.`,
        ].join(' ')
      : `Esta es la confirmación que te prometimos. Puedes leer más sobre ${programme.name} en ${site.url}${followUp.programmePage}`;
  return {
    to: applicantAddressOf(application),
    subject: application.form === 'grantee-finance' ? `Recibimos tus datos de pago (${reference})` : `Recibimos tu ${requestTo(application.form)} (${reference})`,
    text: [
      `Hola${name ? ` ${name}` : ''}:`,
      '',
      received,
      '',
      `Número de referencia: ${reference}`,
      '',
      next,
      '',
      'Saludos,',
      `El equipo de ${site.brand}`,
      '',
      // A grantee's payment details are not an application of theirs: the portal does not show them.
      ...(application.form === 'grantee-finance' ? [] : applicantPortalLines()),
    ].join('\n'),
  };
}

/** The team's notice: which programme, which reference, and how to read it. No answers, no payment details. */
export function composeTeamNotice(application: StoredApplication, teamAddress: string): ComposedEmail {
  const reference = referenceOf(application.form, application.id);
  const exportCommand =
    application.form === 'grantee-finance' ? 'npm run export -- --form grantee-finance --include-finance' : `npm run export -- --form ${application.form}`;
  return {
    to: teamAddress,
    subject: `Nueva ${requestTo(application.form)} (${reference})`,
    text: [
      `Llegó una nueva ${requestTo(application.form)}.`,
      '',
      `Número de referencia: ${reference}`,
      `Recibida: ${application.createdAt.toISOString()}`,
      '',
      `Para leerla: ${exportCommand} --since ${application.createdAt.toISOString().slice(0, 10)}`,
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
