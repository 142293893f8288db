import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '../api/endpoints';
import { site } from '../config/site';
import { isAllowedText, isEmail } from '../forms/definitions/validate';
import { requireMediaType } from './http';
import type { FinanceKeyring } from './finance/encryption';
import { unsubscribeTokenVault } from './finance/sealedColumns';
import { composeNewsletterConfirmation, NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from './mail/compose';
import { enqueueEmail } from './mail/outbox';
import type { Database } from './storage/database';
import { confirmSubscription, recordSignUp, unsubscribe, type SignUpOutcome } from './storage/newsletter';

/**
 * POST /api/newsletter-signup, double opt-in (storage/newsletter.ts). The site shows a 4xx
 * answer's text body as its toast, so refusals here are short Spanish plain text.
 * A valid address always gets the same 201, whether it is new, pending or already confirmed: the
 * answer never tells whether an address is subscribed.
 *
 * The email's links land on GET pages with a button that POSTs the token: mail scanners that
 * open links do not confirm or unsubscribe anyone.
 */
export const NEWSLETTER_INVALID_TEXT = 'El correo electrónico no es válido, inténtalo de nuevo.';
export const NEWSLETTER_LIMITED_TEXT = 'Demasiados intentos con este correo: inténtalo de nuevo más tarde.';

/** A sign-up and, when it asks for one, its confirmation email, committed together. */
async function signUp(database: Database, email: string, keys: FinanceKeyring): Promise<SignUpOutcome> {
  return database.transaction(async (tx) => {
    const { outcome, confirmation } = await recordSignUp(tx, email, unsubscribeTokenVault(keys));
    if (confirmation) await enqueueEmail(tx, { ...composeNewsletterConfirmation(confirmation), purpose: 'newsletter-confirmation' }, keys);
    return outcome;
  });
}

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  const email = (body as { email?: unknown }).email;
  // The rule of allowed text before the trim, which would quietly drop a VT or FF at either end.
  return keys.length === 1 && typeof email === 'string' && isAllowedText(email) ? email.trim() : null;
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

/** `keys` seal the confirmation email's body and the unsubscribe token (the finance keys). */
export function registerNewsletterRoutes(app: FastifyInstance, deps: { database: Database; rateLimitPerMinute: number; keys: FinanceKeyring }): void {
  const { method, path } = endpoints.newsletterSignup;
  const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: 60_000 };
  app.route({
    method,
    url: path,
    bodyLimit: 1024,
    config: { rateLimit, textErrors: true },
    onRequest: requireMediaType('application/json', null),
    handler: async (request, reply) => {
      const email = emailOf(request.body);
      if (email === null || !isEmail(email)) return reply.code(400).type('text/plain; charset=utf-8').send(NEWSLETTER_INVALID_TEXT);
      const outcome = await signUp(deps.database, email, deps.keys);
      if (outcome === 'limited') return reply.code(429).type('text/plain; charset=utf-8').send(NEWSLETTER_LIMITED_TEXT);
      request.log.info('newsletter sign-up recorded');
      return reply.code(201).send({ subscribed: true });
    },
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
