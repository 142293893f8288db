import { APPLICANT_SIGN_IN_PATH } from '../../api/contracts/applicant';
import { site } from '../../config/site';
import type { WirePayload } from '../../forms/definitions/types';
import { LINK_VALID_MINUTES } from '../../lib/applicantLinks';
import { applicantAddressOf, applicantPortalLines, applicantPortalUrl, referenceOf, requestTo, type ComposedEmail, type StoredApplication } from './compose';
import type { ReviewedForm } from './decisions';

/**
 * The emails of the applicant portal, in Spanish: the sign-in link and the team's question to the
 * applicant (both end with the portal's address, the link email carrying its own single-use link
 * above it), and the notices to the assigned member when the applicant answers or withdraws.
 */

const answer = (payload: WirePayload, name: string): string => (typeof payload[name] === 'string' ? String(payload[name]).trim() : '');

const greeting = (payload: WirePayload): string => {
  const name = answer(payload, 'firstName');
  return `Hola${name ? ` ${name}` : ''}:`;
};

const signature = ['Saludos,', `El equipo de ${site.brand}`, ''];

/** The link that signs the applicant in: the token in the fragment, so it reaches no server log and no Referer. */
export const applicantSignInUrl = (token: string): string => `${site.url}${APPLICANT_SIGN_IN_PATH}#${token}`;

export function composeApplicantLinkEmail(to: string, token: string): ComposedEmail {
  return {
    to,
    subject: `Tu enlace para ver tus solicitudes en ${site.brand}`,
    text: [
      'Hola:',
      '',
      `Pediste un enlace para ver el estado de tus solicitudes en ${site.brand}. Ábrelo en el navegador donde quieras verlas:`,
      '',
      applicantSignInUrl(token),
      '',
      `El enlace sirve una sola vez y vence en ${LINK_VALID_MINUTES} minutos. Si no lo pediste, ignora este mensaje: sin él nadie puede ver tus solicitudes.`,
      '',
      ...signature,
      ...applicantPortalLines(),
    ].join('\n'),
  };
}

type Reviewed = StoredApplication & { readonly form: ReviewedForm };

/** The team's question, exactly as previewed and as queued. */
/** The answers a request opens for correction, as its email names them: the form's labels, or the whole application. */
export type OpenedForEmail = { readonly wholeApplication: boolean; readonly labels: readonly string[] };

export function composeQuestionEmail(application: Reviewed, question: string, openedAnswers: OpenedForEmail | null = null): ComposedEmail {
  const reference = referenceOf(application.form, application.id);
  const opened =
    openedAnswers === null
      ? []
      : openedAnswers.wholeApplication
        ? ['Además, el equipo abrió toda tu solicitud para que la corrijas: la verás con lo que enviaste, lista para cambiar lo que haga falta.', '']
        : ['Además, el equipo abrió estas respuestas de tu solicitud para que las corrijas:', ...openedAnswers.labels.map((label) => `- ${label}`), ''];
  return {
    to: applicantAddressOf(application),
    subject: `El equipo necesita más información sobre tu ${requestTo(application.form)} (${reference})`,
    text: [
      greeting(application.payload),
      '',
      `Para seguir revisando tu ${requestTo(application.form)}, el equipo de ${site.brand} te pregunta:`,
      '',
      question.trim(),
      '',
      ...opened,
      `Número de referencia: ${reference}`,
      '',
      `Para responder, entra en ${applicantPortalUrl()} con este mismo correo: te enviaremos un enlace para abrir tu solicitud, donde podrás escribir tu respuesta${openedAnswers === null ? '' : ', corregir lo que el equipo abrió'} y adjuntar un archivo (no respondas a este correo). Mientras tanto, tu solicitud queda en «Información solicitada».`,
      '',
      ...signature,
      ...applicantPortalLines(),
    ].join('\n'),
  };
}

/** To the assigned member: the applicant answered. What they wrote is in the team area, not in the email. */
export function composeResponseNotice(to: string, reference: string, siteOrigin: string): ComposedEmail {
  return {
    to,
    subject: `Llegó la respuesta de la persona solicitante (${reference})`,
    text: [
      `La persona que envió la solicitud ${reference} respondió a la pregunta del equipo. La solicitud volvió a «En revisión».`,
      '',
      `Para leer la respuesta: ${siteOrigin}/equipo/solicitud/?id=${reference}`,
      '',
    ].join('\n'),
  };
}

/** To the assigned member: the applicant answered with a correction, version `version` (the changed answers by label, never their values). */
export function composeRevisionNotice(to: string, reference: string, version: number, changedLabels: readonly string[], siteOrigin: string): ComposedEmail {
  return {
    to,
    subject: `La persona solicitante corrigió su solicitud (${reference}, versión ${version})`,
    text: [
      `La persona que envió la solicitud ${reference} respondió a la pregunta del equipo y corrigió estas respuestas:`,
      ...changedLabels.map((label) => `- ${label}`),
      '',
      `La solicitud está ahora en su versión ${version}. Los puntajes dados sobre una versión anterior quedan marcados como tales hasta que su revisor los confirme o los cambie.`,
      '',
      `Para ver los cambios: ${siteOrigin}/equipo/solicitud/?id=${reference}`,
      '',
    ].join('\n'),
  };
}

/** The applicant's copy of their correction: which answers changed and the version the team now reads (the values stay in the portal). */
export function composeRevisionCopy(application: Reviewed, version: number, changedLabels: readonly string[]): ComposedEmail {
  const reference = referenceOf(application.form, application.id);
  return {
    to: applicantAddressOf(application),
    subject: `Recibimos la corrección de tu ${requestTo(application.form)} (${reference}, versión ${version})`,
    text: [
      greeting(application.payload),
      '',
      `Recibimos tu respuesta y la corrección de tu ${requestTo(application.form)}. Cambiaste:`,
      ...changedLabels.map((label) => `- ${label}`),
      '',
      `El equipo revisa ahora la versión ${version} de tu solicitud; la versión anterior queda guardada. Puedes ver tus respuestas tal como quedaron en tu solicitud.`,
      '',
      `Número de referencia: ${reference}`,
      '',
      ...signature,
      ...applicantPortalLines(),
    ].join('\n'),
  };
}

/** To the assigned member: the applicant withdrew the application. */
export function composeWithdrawalNotice(to: string, reference: string, siteOrigin: string): ComposedEmail {
  return {
    to,
    subject: `La persona solicitante retiró su solicitud (${reference})`,
    text: [
      `La persona que envió la solicitud ${reference} la retiró. Su estado ahora es «Retirada».`,
      '',
      `Para ver la solicitud y el motivo, si lo dio: ${siteOrigin}/equipo/solicitud/?id=${reference}`,
      '',
    ].join('\n'),
  };
}
