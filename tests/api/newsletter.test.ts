import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import type { RunningServer } from '../../src/server/main';
import { NEWSLETTER_INVALID_TEXT, NEWSLETTER_LIMITED_TEXT } from '../../src/server/newsletter';
import { unsubscribeTokenVault } from '../../src/server/finance/sealedColumns';
import { confirmedSubscribers, SIGNUPS_PER_ADDRESS } from '../../src/server/storage/newsletter';
import { createRestartableStorage, eventually, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from './support/smtpSink';
import { postJson } from './support/testServer';

/** Newsletter double opt-in, end to end: the sign-up, the email as the SMTP server receives it, its links. */

const SUBJECT = 'Confirma tu suscripción al boletín de Cadena Academy';

describe('newsletter double opt-in', () => {
  let sink: SmtpSink;
  let storage: RestartableStorage;
  let server: RunningServer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    storage = await createRestartableStorage();
    server = await storage.start({ SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', ...FAST_RETRY_ENV });
  });
  afterAll(async () => {
    await server.stop();
    await storage.close();
    await sink.close();
  });

  const signUp = (email: string): Promise<Response> => postJson(server.address + endpoints.newsletterSignup.path, { email });
  const emailsTo = (address: string): ReceivedEmail[] => sink.received.filter((email) => email.envelopeTo.includes(address));
  const linksOf = (email: ReceivedEmail): { confirm: string; unsubscribe: string } => ({
    confirm: /^(http\S+\/api\/newsletter\/confirm\?token=\S+)$/m.exec(email.text)![1]!,
    unsubscribe: /(http\S+\/api\/newsletter\/unsubscribe\?token=\S+)$/m.exec(email.text)![1]!,
  });
  /** What a browser does with a link: open the page, then press its button (a form POST of the token). */
  async function follow(link: string): Promise<{ page: Response; result: Response }> {
    const local = new URL(link);
    const page = await fetch(server.address + local.pathname + local.search);
    const token = local.searchParams.get('token')!;
    const result = await fetch(server.address + local.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
    return { page, result };
  }
  const statusOf = async (email: string): Promise<string | undefined> =>
    (await server.database.query<{ status: string }>('SELECT status FROM newsletter_subscribers WHERE lower(email) = lower($1)', [email]))[0]?.status;

  it('stores a pending address and sends a Spanish confirmation with a single-use link and an unsubscribe link; only confirmed addresses count', async () => {
    const response = await signUp('ana@example.org');
    expect(response.status).toBe(201);
    await eventually(() => emailsTo('ana@example.org').length === 1);
    const [email] = emailsTo('ana@example.org');
    expect(email!.headers.subject).toBe(SUBJECT);
    expect(email!.headers.from).toBe('Cadena Academy <hola@example.org>');
    expect(email!.text).toContain('vence en 48 horas');
    expect(await statusOf('ana@example.org')).toBe('pending');
    expect(await confirmedSubscribers(server.database, unsubscribeTokenVault(storage.keys()))).toEqual([]);
    // The token is stored as its hash only.
    const { confirm, unsubscribe } = linksOf(email!);
    const token = new URL(confirm).searchParams.get('token')!;
    const [stored] = await server.database.query<{ hash: string }>('SELECT confirm_token_hash AS hash FROM newsletter_subscribers');
    expect(stored!.hash).not.toContain(token);
    expect(JSON.stringify(await server.database.query('SELECT * FROM newsletter_subscribers'))).not.toContain(token);

    const { page, result } = await follow(confirm);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('Confirmar suscripción');
    expect(result.status).toBe(200);
    expect(await result.text()).toContain('¡Suscripción confirmada!');
    expect(await confirmedSubscribers(server.database, unsubscribeTokenVault(storage.keys()))).toEqual([{ email: 'ana@example.org', unsubscribeToken: new URL(unsubscribe).searchParams.get('token') }]);

    // Single use.
    const again = await follow(confirm);
    expect(again.result.status).toBe(400);
    expect(await again.result.text()).toContain('Este enlace no es válido, ya se usó o venció.');

    // The unsubscribe link works, and the address no longer counts.
    const left = await follow(unsubscribe);
    expect(left.result.status).toBe(200);
    expect(await left.result.text()).toContain('Suscripción cancelada');
    expect(await statusOf('ana@example.org')).toBe('unsubscribed');
    expect(await confirmedSubscribers(server.database, unsubscribeTokenVault(storage.keys()))).toEqual([]);
  });

  it('answers a new, a pending and a confirmed address identically, and mails nothing to a confirmed one', async () => {
    const answers = [];
    answers.push(await signUp('nuevo@example.org')); // new
    await eventually(() => emailsTo('nuevo@example.org').length === 1);
    answers.push(await signUp('NUEVO@example.org')); // pending
    await eventually(() => emailsTo('nuevo@example.org').length === 2);
    await follow(linksOf(emailsTo('nuevo@example.org')[1]!).confirm);
    expect(await statusOf('nuevo@example.org')).toBe('confirmed');
    answers.push(await signUp('nuevo@example.org')); // confirmed
    const seen = await Promise.all(answers.map(async (answer) => ({ status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() })));
    expect(new Set(seen.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(seen[0]!.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emailsTo('nuevo@example.org')).toHaveLength(2);
    // A second sign-up while pending replaces the link: the first one no longer works.
    expect((await follow(linksOf(emailsTo('nuevo@example.org')[0]!).confirm)).result.status).toBe(400);
  });

  it('refuses an expired link', async () => {
    expect((await signUp('tarde@example.org')).status).toBe(201);
    await eventually(() => emailsTo('tarde@example.org').length === 1);
    await server.database.query("UPDATE newsletter_subscribers SET confirm_expires_at = now() - interval '1 second' WHERE email = 'tarde@example.org'");
    expect((await follow(linksOf(emailsTo('tarde@example.org')[0]!).confirm)).result.status).toBe(400);
    expect(await statusOf('tarde@example.org')).toBe('pending');
  });

  it(`limits sign-ups per address (${SIGNUPS_PER_ADDRESS} an hour) whatever the client, so nobody is flooded with confirmations`, async () => {
    const statuses = [];
    for (let attempt = 0; attempt <= SIGNUPS_PER_ADDRESS; attempt += 1) statuses.push((await signUp('victima@example.org')).status);
    expect(statuses).toEqual([...Array<number>(SIGNUPS_PER_ADDRESS).fill(201), 429]);
    const limited = await signUp('victima@example.org');
    expect(await limited.text()).toBe(NEWSLETTER_LIMITED_TEXT);
    await eventually(() => emailsTo('victima@example.org').length === SIGNUPS_PER_ADDRESS);
    expect((await signUp('otra@example.org')).status).toBe(201);
  });

  it("still answers an invalid address with the spec's 4xx toast text, storing nothing", async () => {
    const before = (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM newsletter_subscribers'))[0]!.n;
    const response = await signUp('no-es-correo');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(NEWSLETTER_INVALID_TEXT);
    expect((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM newsletter_subscribers'))[0]!.n).toBe(before);
  });

  it('answers an unknown or malformed token with the Spanish invalid-link page', async () => {
    for (const query of ['', '?token=', '?token=%ff', '?token=abcdefghijklmnop']) {
      const response = await fetch(`${server.address}/api/newsletter/confirm${query}`);
      expect(response.status, query).toBe(query.includes('abcdefghijklmnop') ? 200 : 400);
    }
    const post = await fetch(`${server.address}/api/newsletter/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=abcdefghijklmnop' });
    expect(post.status).toBe(400);
    expect(await post.text()).toContain('Este enlace no es válido');
  });
});
