/**
 * The newsletter box and POST /api/newsletter-signup agree here: the box's words, the answers the
 * server gives, and the page a plain form post comes back to. The box's markup
 * (src/components/shell/Newsletter.tsx), its script (src/light/newsletter.ts) and the server
 * (src/server/newsletter.ts) read this one module. No DOM, no Node.
 */
import { GENERIC_ERROR_MESSAGE } from './notify';

/** Loose on purpose: one @, a dot in the domain, no spaces. The server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const newsletterMessages = {
  invalidField: 'Correo invalido',
  invalidOnSubmit: 'El correo electrónico no es válido, inténtalo de nuevo.',
  success: '¡Gracias por registrarte!',
  /** The server's refusal once an address has been signed up too often this hour. */
  limited: 'Demasiados intentos con este correo: inténtalo de nuevo más tarde.',
  /** The server's refusal of a client over its per-minute limit (any /api route: the box shows it). */
  tooManyRequests: 'Demasiados intentos: espera un minuto e inténtalo de nuevo.',
} as const;

/**
 * What a plain form post (scripts off, or not running yet) comes back with: the page it came from,
 * with the fragment of the answer, which the page shows as a toast through CSS `:target`.
 */
export const newsletterAnswers = {
  success: { id: 'boletin-gracias', message: newsletterMessages.success },
  invalid: { id: 'boletin-invalido', message: newsletterMessages.invalidOnSubmit },
  limited: { id: 'boletin-limite', message: newsletterMessages.limited },
  tooManyRequests: { id: 'boletin-espera', message: newsletterMessages.tooManyRequests },
  failed: { id: 'boletin-error', message: GENERIC_ERROR_MESSAGE },
} as const;
export type NewsletterAnswer = keyof typeof newsletterAnswers;

/** The form's hidden field naming the page to come back to (its path, as the box was built for it). */
export const NEWSLETTER_PAGE_FIELD = 'pagina';

const SAME_SITE_PATH = /^\/(?:[\w.~!$&'()*+,;=:@%-]+\/)*[\w.~!$&'()*+,;=:@%-]*$/;

/**
 * The page a form post comes back to: a path of this site (`/`, `/about/`), never another site
 * (`//host`, `https://…`, a backslash), a query or a fragment. Anything else is the home page.
 */
export function newsletterReturnPath(value: unknown): string {
  return typeof value === 'string' && value.length <= 200 && SAME_SITE_PATH.test(value) ? value : '/';
}
