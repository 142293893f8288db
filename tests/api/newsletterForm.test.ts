import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { SIGNUPS_PER_ADDRESS } from '../../src/server/storage/newsletter';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

/**
 * The newsletter box without scripts: a plain form post (urlencoded) to the same route as the
 * script's JSON, answered 303 back to the page it came from with the answer's fragment, which the
 * page shows as a toast. Same checks, limits, Origin rule and storage as JSON, whose answers stay.
 */

const FORM = 'application/x-www-form-urlencoded';

describe.each(BACKENDS)('newsletter sign-up as a plain form post on %s', (backend) => {
  let server: TestServer;
  let limited: TestServer;

  beforeAll(async () => {
    [server, limited] = await Promise.all([startTestServer({ backend }), startTestServer({ backend, env: { RATE_LIMIT_PER_MINUTE: '2' } })]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), limited?.close()]);
  });

  const url = (target: TestServer = server): string => target.url + endpoints.newsletterSignup.path;
  const postForm = (body: Record<string, string> | string, headers: Record<string, string> = {}, target: TestServer = server): Promise<Response> =>
    fetch(url(target), { method: 'POST', redirect: 'manual', headers: { 'content-type': FORM, ...headers }, body: typeof body === 'string' ? body : new URLSearchParams(body).toString() });
  const statusOf = async (email: string): Promise<string | undefined> =>
    (await server.database.query<{ status: string }>('SELECT status FROM newsletter_subscribers WHERE lower(email) = lower($1)', [email]))[0]?.status;

  it('stores the address as pending and sends the visitor back to their page with the thanks', async () => {
    const response = await postForm({ pagina: '/about/', email: ' lector@example.org ' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/about/#boletin-gracias');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await statusOf('lector@example.org')).toBe('pending');
    // A repeat (pending now) gets the same answer: it never tells whether an address is subscribed.
    expect((await postForm({ pagina: '/about/', email: 'LECTOR@example.org' })).headers.get('location')).toBe('/about/#boletin-gracias');
  });

  it('sends an invalid address back with the error and stores nothing', async () => {
    const before = await server.count('newsletter_subscribers');
    const bodies: Array<Record<string, string> | string> = [
      { pagina: '/cursos/desde-cero/', email: 'no-es-correo' },
      { pagina: '/cursos/desde-cero/', email: '' },
      { pagina: '/cursos/desde-cero/' },
      { pagina: '/cursos/desde-cero/', email: 'campana\u0007@example.org' },
      'pagina=%2Fcursos%2Fdesde-cero%2F&email=mal%FF@example.org',
    ];
    for (const body of bodies) {
      const response = await postForm(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(303);
      expect(response.headers.get('location'), JSON.stringify(body).slice(0, 80)).toBe('/cursos/desde-cero/#boletin-invalido');
    }
    // Too large to be read: back to the page that sent it (its Referer, when it is this site's).
    const tooLarge = await postForm(`pagina=%2Fcursos%2Fdesde-cero%2F&email=${'a'.repeat(2000)}%40example.org`, { referer: `${server.url}/cursos/desde-cero/` });
    expect([tooLarge.status, tooLarge.headers.get('location')]).toEqual([303, '/cursos/desde-cero/#boletin-invalido']);
    expect(await server.count('newsletter_subscribers')).toBe(before);
  });

  it('goes back only to a path of this site: anything else is the home page', async () => {
    const elsewhere = ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/about/?q=1', '/about/#x', 'about/', '', `/${'a'.repeat(300)}/`];
    for (const [index, pagina] of elsewhere.entries()) {
      const response = await postForm({ pagina, email: `vuelta${index}@example.org` });
      expect(response.headers.get('location'), pagina).toBe('/#boletin-gracias');
    }
    expect((await postForm({ email: 'sinpagina@example.org' })).headers.get('location')).toBe('/#boletin-gracias');
  });

  it('refuses a post from another site as it refuses JSON, storing nothing', async () => {
    const before = await server.count('newsletter_subscribers');
    const response = await postForm({ pagina: '/', email: 'cruzado@example.org' }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await server.count('newsletter_subscribers')).toBe(before);
    // The site's own pages post with their origin.
    expect((await postForm({ pagina: '/', email: 'propio@example.org' }, { origin: server.url })).status).toBe(303);
  });

  it(`holds one address to ${SIGNUPS_PER_ADDRESS} sign-ups an hour, JSON and form posts together`, async () => {
    for (let attempt = 0; attempt < SIGNUPS_PER_ADDRESS - 1; attempt += 1) expect((await postForm({ pagina: '/', email: 'insistente@example.org' })).headers.get('location')).toBe('/#boletin-gracias');
    expect((await postJson(url(), { email: 'insistente@example.org' })).status).toBe(201);
    expect((await postForm({ pagina: '/eventos/', email: 'insistente@example.org' })).headers.get('location')).toBe('/eventos/#boletin-limite');
  });

  it("holds one client to the route's limit per minute, and sends it back to the page it posted from", async () => {
    const client = { 'x-forwarded-for': '203.0.113.50', referer: `${limited.url}/por-que-elegirnos/` };
    expect((await postForm({ pagina: '/por-que-elegirnos/', email: 'uno@example.org' }, client, limited)).headers.get('location')).toBe('/por-que-elegirnos/#boletin-gracias');
    expect((await postForm({ pagina: '/por-que-elegirnos/', email: 'dos@example.org' }, client, limited)).headers.get('location')).toBe('/por-que-elegirnos/#boletin-gracias');
    const refused = await postForm({ pagina: '/por-que-elegirnos/', email: 'tres@example.org' }, client, limited);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/por-que-elegirnos/#boletin-espera');
    // A Referer of another site is not followed.
    const foreign = await postForm({ pagina: '/x/', email: 'cuatro@example.org' }, { ...client, referer: 'https://evil.example/x/' }, limited);
    expect(foreign.headers.get('location')).toBe('/#boletin-espera');
    expect(await limited.count('newsletter_subscribers')).toBe(2);
  });

  it('keeps the JSON answers byte for byte', async () => {
    const created = await postJson(url(), { email: 'json@example.org' });
    expect([created.status, created.headers.get('content-type'), await created.text()]).toEqual([201, 'application/json; charset=utf-8', '{"subscribed":true}']);
    for (const body of [{ email: 'no-arroba' }, { email: 'a@b.co', pagina: '/' }, { email: 5 }, ['a@b.co'], { email: 'a\u000b@b.co' }]) {
      const refused = await postJson(url(), body);
      expect([refused.status, refused.headers.get('content-type'), await refused.text()], JSON.stringify(body)).toEqual([400, 'text/plain; charset=utf-8', 'El correo electrónico no es válido, inténtalo de nuevo.']);
    }
    const plain = await fetch(url(), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=a@b.co' });
    expect([plain.status, await plain.text()]).toEqual([415, 'Send the body as application/json.']);
    const broken = await fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect([broken.status, await broken.text()]).toEqual([400, 'The request could not be read.']);
  });
});
