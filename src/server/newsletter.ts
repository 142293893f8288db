import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NewsletterSignedUp, NewsletterSignUp, NewsletterSignUpForm } from '../api/contracts/newsletter';
import { endpoints } from '../api/endpoints';
import { site } from '../config/site';
import { isEmail } from '../forms/definitions/validate';
import { NEWSLETTER_PAGE_FIELD, newsletterAnswers, newsletterMessages, newsletterReturnPath, type NewsletterAnswer } from '../lib/newsletter';
import { mediaTypeOf, requireMediaType, validationMessage } from './http';
import type { FinanceKeyring } from './finance/encryption';
import { unsubscribeTokenVault } from './finance/sealedColumns';
import { composeNewsletterConfirmation, NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from './mail/compose';
import { enqueueEmail } from './mail/outbox';
import type { Database } from './storage/database';
import { confirmSubscription, recordSignUp, unsubscribe, type SignUpOutcome } from './storage/newsletter';

/**
 * POST /api/newsletter-signup, double opt-in (storage/newsletter.ts). The box's script sends JSON
 * and shows a 4xx answer's text body as its toast, so refusals here are short Spanish plain text.
 * A valid address always gets the same 201, whether it is new, pending or already confirmed: the
 * answer never tells whether an address is subscribed. Without scripts the box is a plain form
 * post (urlencoded): the same checks, limits and storage, answered 303 back to the page it came
 * from with the answer's fragment (src/lib/newsletter.ts), which the page shows as a toast.
 *
 * The email's links land on GET pages with a button that POSTs the token: mail scanners that
 * open links do not confirm or unsubscribe anyone.
 */
export const NEWSLETTER_INVALID_TEXT = newsletterMessages.invalidOnSubmit;
export const NEWSLETTER_LIMITED_TEXT = newsletterMessages.limited;

/** A sign-up and, when it asks for one, its confirmation email, committed together. */
async function signUp(database: Database, email: string, keys: FinanceKeyring): Promise<SignUpOutcome> {
  return database.transaction(async (tx) => {
    const { outcome, confirmation } = await recordSignUp(tx, email, unsubscribeTokenVault(keys));
    if (confirmation) await enqueueEmail(tx, { ...composeNewsletterConfirmation(confirmation), purpose: 'newsletter-confirmation' }, keys);
    return outcome;
  });
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small Spanish page in the site's language, no script (the CSP allows none inline). */
function page(reply: FastifyReply, status: number, title: string, paragraphs: readonly string[], form?: { action: string; token: string; button: string }): FastifyReply {
  const formHtml = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="token" value="${escapeHtml(form.token)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.brand)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a2e}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#3b2a8f;color:#fff;cursor:pointer;min-height:44px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}${formHtml}<p><a href="${escapeHtml(site.url)}/">Volver a ${escapeHtml(site.brand)}</a></p></main></body></html>
`;
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const INVALID_LINK = ['Este enlace no es válido, ya se usó o venció.'];

/** The token of a link (?token=) or of the page's form (token=… in a urlencoded body); '' when absent or odd. */
function tokenOf(source: unknown): string {
  const token = typeof source === 'object' && source !== null ? (source as { token?: unknown }).token : undefined;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{10,100}$/.test(token) ? token : '';
}

const FORM_POST = 'application/x-www-form-urlencoded';
const isFormPost = (request: FastifyRequest): boolean => mediaTypeOf(request) === FORM_POST;

/**
 * A urlencoded body as its fields (the last of a repeated name). A field whose escapes are not UTF-8
 * is left out, never read with a U+FFFD: without its email the post is refused, still back to its page.
 */
function formFields(body: string): Record<string, string> {
  const decode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));
  const fields: Array<[string, string]> = [];
  for (const pair of body.split('&')) {
    const equals = pair.indexOf('=');
    try {
      fields.push(equals === -1 ? [decode(pair), ''] : [decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))]);
    } catch {
      // A malformed escape: the field is dropped.
    }
  }
  return Object.fromEntries(fields);
}

/**
 * The page a form post goes back to: its hidden field; for a post refused before its body was read
 * (the per-client limit), the page that sent it when it is one of this site's; else the home page.
 */
function pageOf(request: FastifyRequest): string {
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && NEWSLETTER_PAGE_FIELD in body) return newsletterReturnPath(body[NEWSLETTER_PAGE_FIELD]);
  try {
    const referer = new URL(request.headers.referer ?? '');
    if (referer.origin === `${request.protocol}://${request.host}`) return newsletterReturnPath(referer.pathname);
  } catch {
    // No Referer, or not a URL.
  }
  return '/';
}

/**
 * The answer: for the box's script, 201 JSON or a 4xx whose text is the toast (today's answers);
 * for a plain form post, 303 back to its page with the answer's fragment, which the page shows.
 */
function answer(request: FastifyRequest, reply: FastifyReply, outcome: NewsletterAnswer): FastifyReply {
  if (isFormPost(request)) {
    return reply.code(303).header('cache-control', 'no-store').header('location', `${pageOf(request)}#${newsletterAnswers[outcome].id}`).send();
  }
  if (outcome === 'success') return reply.code(201).send({ subscribed: true } satisfies NewsletterSignedUp);
  const status = outcome === 'limited' || outcome === 'tooManyRequests' ? 429 : 400;
  return reply.code(status).type('text/plain; charset=utf-8').send(newsletterAnswers[outcome].message);
}

/** `keys` seal the confirmation email's body and the unsubscribe token (the finance keys). */
export function registerNewsletterRoutes(app: FastifyInstance, deps: { database: Database; rateLimitPerMinute: number; keys: FinanceKeyring }): void {
  const { method, path } = endpoints.newsletterSignup;
  const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: 60_000 };

  app.register(async (scope) => {
    scope.addContentTypeParser(FORM_POST, { parseAs: 'string' }, (_request, body: string, done) => done(null, formFields(body)));
    // Errors of a form post come back to its page too; the script's JSON keeps the site's answers.
    const siteErrors = scope.errorHandler;
    scope.route({
      method,
      url: path,
      bodyLimit: 1024,
      config: { rateLimit, textErrors: true },
      schema: {
        body: { content: { 'application/json': { schema: NewsletterSignUp }, [FORM_POST]: { schema: NewsletterSignUpForm } } },
        response: { 201: NewsletterSignedUp },
      },
      onRequest: requireMediaType(['application/json', FORM_POST], null),
      errorHandler(error: FastifyError, request, reply) {
        const invalid = validationMessage(error, NEWSLETTER_INVALID_TEXT) !== null;
        if (!isFormPost(request)) return invalid ? answer(request, reply, 'invalid') : siteErrors.call(scope, error, request, reply);
        const status = error.statusCode ?? 500;
        if (status >= 500) request.log.error({ error: { name: error.name, code: error.code } }, 'request failed');
        return answer(request, reply, status === 429 ? 'tooManyRequests' : status >= 500 ? 'failed' : 'invalid');
      },
      handler: async (request, reply) => {
        // The schema of the body's media type has checked it; the guard holds for any spelling of that type.
        const sent = (request.body as Partial<NewsletterSignUp> | null)?.email;
        const email = typeof sent === 'string' ? sent.trim() : '';
        if (!isEmail(email)) return answer(request, reply, 'invalid');
        const outcome = await signUp(deps.database, email, deps.keys);
        if (outcome === 'limited') return answer(request, reply, 'limited');
        request.log.info('newsletter sign-up recorded');
        return answer(request, reply, 'success');
      },
    });
  });

  // The confirmation and unsubscribe links: a page with a button, and the POST it sends.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body: string, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body)));
    });
    const linkRoutes = [
      {
        url: NEWSLETTER_CONFIRM_PATH,
        ask: { title: 'Confirma tu suscripción', text: `Confirma que quieres recibir el boletín de ${site.brand}.`, button: 'Confirmar suscripción' },
        act: (token: string) => confirmSubscription(deps.database, token),
        done: { title: '¡Suscripción confirmada!', text: `Gracias: desde ahora recibirás el boletín de ${site.brand}. Cada correo trae un enlace para cancelar tu suscripción.` },
      },
      {
        url: NEWSLETTER_UNSUBSCRIBE_PATH,
        ask: { title: 'Cancelar suscripción', text: `¿Quieres dejar de recibir el boletín de ${site.brand}?`, button: 'Cancelar suscripción' },
        act: (token: string) => unsubscribe(deps.database, token),
        done: { title: 'Suscripción cancelada', text: `No te enviaremos más el boletín de ${site.brand}.` },
      },
    ];
    for (const route of linkRoutes) {
      scope.get(route.url, { config: { rateLimit } }, async (request, reply) => {
        const token = tokenOf(request.query);
        if (!token) return page(reply, 400, route.ask.title, INVALID_LINK);
        return page(reply, 200, route.ask.title, [route.ask.text], { action: route.url, token, button: route.ask.button });
      });
      scope.post(route.url, { config: { rateLimit }, bodyLimit: 1024, onRequest: requireMediaType('application/x-www-form-urlencoded', 1024) }, async (request, reply) => {
        const token = tokenOf(request.body);
        if (!token || !(await route.act(token))) return page(reply, 400, route.ask.title, INVALID_LINK);
        request.log.info({ route: route.url }, 'newsletter link used');
        return page(reply, 200, route.done.title, [route.done.text]);
      });
    }
  });
}
