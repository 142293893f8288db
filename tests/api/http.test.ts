import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { ConfigError, loadConfig } from '../../src/server/config';
import { listHtmlFiles } from '../../scripts/export-files';
import { COMPILE_HINT, START_AFTER_FIRST_PAINT, startupChunkPaths } from '../../scripts/postexport';
import { validOfficeHours } from '../../scripts/support/formAnswers';
import { postJson, startTestServer, type TestServer } from './support/testServer';

/** Headers, static serving and rate limits: the same on either backend, so PGlite only. */

const outDir = path.resolve(__dirname, '../../out');

/** The CSP source ('sha256-…') of each inline script in a page, JSON data blocks aside. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]+?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}
/** A content route of the export (a folder with an index.html), whatever pages exist. */
const contentRoute = fs.readdirSync(outDir, { withFileTypes: true }).find((entry) => entry.isDirectory() && entry.name !== '_next' && fs.existsSync(path.join(outDir, entry.name, 'index.html')))?.name;
const hashedAsset = ((): string => {
  const chunks = path.join(outDir, '_next/static/chunks');
  const file = fs.readdirSync(chunks).find((name) => name.endsWith('.js'));
  return `/_next/static/chunks/${file}`;
})();

describe('security headers, static site and limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '3', FINANCE_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends the security headers on pages and API answers alike', async () => {
    for (const response of [await fetch(`${server.url}/`), await postJson(`${server.url}${endpoints.officeHours.path}`, {})]) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' ('sha256-[^']+' )*https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/ https:\/\/platform\.twitter\.com;/);
      expect(csp).toContain('frame-src https://www.google.com/recaptcha/ https://platform.twitter.com https://syndication.twitter.com;');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Plain HTTP from a client that is not the trusted proxy: no HSTS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('allows every inline script of the served page by its hash', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    const inline = inlineScriptHashes(html);
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(csp).toContain(hash);
  });

  it("gives each page only its own scripts' hashes, and the assets a short policy that still forbids framing", async () => {
    // Every hash a page's policy allows is the hash of one of that page's own inline scripts (the
    // one-line guard every page shares included), so a script of another page could not run there.
    const policyAndOwnHashes = async (url: string) => {
      const response = await fetch(url);
      const own = inlineScriptHashes(await response.text());
      return { allowed: response.headers.get('content-security-policy')?.match(/'sha256-[^']+'/g) ?? [], own };
    };
    // A form page starts Next's scripts from its own loader; the home page, a content page, has none of them.
    const home = await policyAndOwnHashes(`${server.url}/applicants/project-grants/apply/`);
    const other = await policyAndOwnHashes(`${server.url}/${contentRoute}/`);
    expect(home.allowed.length).toBeGreaterThan(0);
    expect(home.allowed.every((hash) => home.own.includes(hash))).toBe(true);
    expect(other.allowed.every((hash) => other.own.includes(hash))).toBe(true);
    expect(home.allowed.filter((hash) => !other.own.includes(hash)).length).toBeGreaterThan(0);
    const asset = (await fetch(server.url + hashedAsset)).headers.get('content-security-policy') ?? '';
    expect(asset).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(asset.length).toBeLessThan(100);
  });

  it('sends HSTS when the trusted proxy says the request came over TLS', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('caches hashed assets for a year and makes HTML revalidate', async () => {
    const asset = await fetch(server.url + hashedAsset);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The content pages' own scripts are named by their content's hash too, and served precompressed.
    const lightScript = /<script type="module" src="(\/_light\/site-[0-9a-f]{16}\.js)">/.exec(await (await fetch(`${server.url}/`)).text())?.[1];
    expect(lightScript).toBeDefined();
    const light = await fetch(server.url + lightScript!, { headers: { 'accept-encoding': 'gzip' } });
    expect(light.status).toBe(200);
    expect(light.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(light.headers.get('content-encoding')).toBe('gzip');
    // node:http, not fetch: fetch adds 'cache-control: no-cache' to conditional requests.
    const get = (headers: http.OutgoingHttpHeaders) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${server.url}/`, { headers }, (response) => resolve(response.resume())).on('error', reject);
      });
    const page = await get({ 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers.etag;
    expect(etag).toBeTruthy();
    const revalidated = (await get({ 'accept-encoding': 'br', 'if-none-match': etag! })).statusCode;
    expect(revalidated).toBe(304);
  });

  it("sends the build's Brotli copy to a client that accepts it, the plain file otherwise", async () => {
    const request = (encoding: string) =>
      new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
        http.get(`${server.url}/`, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const html = fs.readFileSync(path.join(outDir, 'index.html'));
    const brotli = await request('br, gzip');
    expect(brotli.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.bytes).equals(html)).toBe(true);
    const plain = await request('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.bytes.equals(html)).toBe(true);
  });

  it('serves the scripts a page runs at start marked for eager compilation, and chunks loaded on demand unmarked', async () => {
    const startupChunks = new Set(listHtmlFiles(outDir).flatMap((file) => startupChunkPaths(fs.readFileSync(file, 'utf8'))));
    const page = await (await fetch(`${server.url}/applicants/project-grants/apply/`)).text();
    const pageChunks = startupChunkPaths(page);
    expect(pageChunks.length).toBeGreaterThan(3);
    // The precompressed copies the server sends carry the mark too.
    for (const chunk of pageChunks) {
      for (const encoding of ['br', 'gzip']) {
        const response = await fetch(`${server.url}${chunk}`, { headers: { 'accept-encoding': encoding } });
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect((await response.text()).startsWith(COMPILE_HINT)).toBe(true);
      }
    }
    const onDemand = fs.readdirSync(path.join(outDir, '_next/static/chunks')).find((name) => name.endsWith('.js') && !startupChunks.has(`/_next/static/chunks/${name}`));
    expect(onDemand).toBeDefined();
    expect((await (await fetch(`${server.url}/_next/static/chunks/${onDemand}`)).text()).startsWith(COMPILE_HINT)).toBe(false);
  });

  it('serves public pages that run their scripts after the first paint, and content pages with none of Next', async () => {
    const form = await (await fetch(`${server.url}/applicants/small-grants/apply/`)).text();
    expect(form).not.toMatch(/<script src="[^"]+" defer=""><\/script>/);
    expect(form).toContain(`<script>(${START_AFTER_FIRST_PAINT})(`);
    const about = await (await fetch(`${server.url}/about/`)).text();
    expect(about).not.toMatch(/<script[^>]* src="\/_next\//);
    expect(about).not.toContain(START_AFTER_FIRST_PAINT);
    expect(about).not.toContain('__NEXT_DATA__');
    expect(about).toMatch(/<script type="module" src="\/_light\/site-[0-9a-f]{16}\.js"><\/script><\/head>/);
  });

  it('serves a route with and without the trailing slash and with .html', async () => {
    expect(contentRoute).toBeDefined();
    const expected = fs.readFileSync(path.join(outDir, contentRoute!, 'index.html'), 'utf8');
    for (const variant of [`/${contentRoute}/`, `/${contentRoute}`, `/${contentRoute}.html`]) {
      const response = await fetch(server.url + variant);
      expect(response.status, variant).toBe(200);
      expect(await response.text()).toBe(expected);
    }
  });

  it('answers unknown pages with the Spanish 404 page and unknown API paths with JSON', async () => {
    const page = await fetch(`${server.url}/no-existe/`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(fs.readFileSync(path.join(outDir, '404.html'), 'utf8'));
    const api = await fetch(`${server.url}/api/no-existe`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found.' });
    expect((await fetch(`${server.url}/..%2f..%2fetc/passwd`)).status).toBe(404);
  });

  it('limits requests per client address, more strictly on grantee finance, keyed by the forwarded address', async () => {
    const finance = (client: string): Promise<Response> => postJson(server.url + endpoints.granteeFinance.path, {}, 'PUT', { 'x-forwarded-for': client });
    expect((await finance('203.0.113.7')).status).toBe(400);
    expect((await finance('203.0.113.7')).status).toBe(400);
    const limited = await finance('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another client behind the same proxy is not affected.
    expect((await finance('198.51.100.9')).status).toBe(400);

    const newsletter = (): Promise<Response> => postJson(server.url + endpoints.newsletterSignup.path, { email: 'x' }, 'POST', { 'x-forwarded-for': '203.0.113.8' });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await newsletter()).status).toBe(400);
    const limitedNewsletter = await newsletter();
    expect(limitedNewsletter.status).toBe(429);
    // The newsletter shows a 4xx text as its toast: it must be readable Spanish.
    expect(await limitedNewsletter.text()).toBe('Demasiados intentos: espera un minuto e inténtalo de nuevo.');
  });
});

describe('a failure inside the server', () => {
  it('answers 500 with a short message, no stack or internals', async () => {
    const server = await startTestServer();
    try {
      // The storage going away under a running server: every write fails.
      await server.database.close();
      const response = await postJson(server.url + endpoints.officeHours.path, formDefinitions['office-hours'].toPayload(validOfficeHours()));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Internal error: nothing was stored. Try again later.' });
    } finally {
      await server.close();
    }
  });
});

describe('configuration', () => {
  it('refuses to start in production without a captcha secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', RECAPTCHA_SECRET_KEY: 's', FINANCE_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}` }).recaptchaSecret).toBe('s');
  });
});
