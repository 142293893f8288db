import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type WirePayload } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { DISALLOWED_TEXT_MESSAGE } from '../../src/forms/definitions/validate';
import { validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
import { multipartBody, rawRequest, requestHead, type RawAnswer } from './support/rawHttp';
import { postJson, startTestServer, type TestServer } from './support/testServer';

/**
 * Reproductions of reported attacks, one test each: what an attacker sent, and the answer it gets now.
 * (The fuzz run, tests/api/fuzz.test.ts, sends thousands of variations on both backends.)
 */

const TIMEOUT_MS = 2000;
const officeHoursUrl = (server: TestServer): string => server.url + endpoints.officeHours.path;
const projectGrantsPath = endpoints.projectGrants.path;
const officeHoursPayload = (): WirePayload => formDefinitions['office-hours'].toPayload(validOfficeHours());
const projectGrantsParts = (): Array<{ name: string; value: string | Buffer }> =>
  payloadToFormEntries(formDefinitions['project-grants'].toPayload(validProjectGrants())).map(([name, value]) => ({ name, value }));

function expectSecurityHeaders(headers: Readonly<Record<string, string>> | Headers): void {
  const get = (name: string): string | null | undefined => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('the hardened edge', () => {
  let server: TestServer;
  const stored = async (): Promise<number> => (await server.count('submissions')) + (await server.count('newsletter_subscribers'));

  beforeAll(async () => {
    server = await startTestServer({ env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), NEXT_PUBLIC_SITE_URL: 'https://academia.example.org' } });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('text rules', () => {
    it.each([
      ['a NUL', 'Ana\u0000'],
      ['an unpaired surrogate', 'Ana\ud800'],
      ['a reversed surrogate pair', 'Ana\ude00\ud83d'],
    ])('answers a JSON text field with %s 400 with a field message, storing nothing', async (_case, firstName) => {
      const before = await stored();
      const response = await postJson(officeHoursUrl(server), { ...officeHoursPayload(), firstName });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ field: 'firstName', message: DISALLOWED_TEXT_MESSAGE }] });
      expect(await stored()).toBe(before);
    });

    it('answers the same in a multipart text field (a NUL byte, or UTF-8 that encodes a surrogate)', async () => {
      const before = await stored();
      for (const value of [Buffer.from('Ana\u0000'), Buffer.from([0x41, 0xed, 0xa0, 0x80])]) {
        const parts = projectGrantsParts().map((part) => (part.name === 'firstName' ? { ...part, value } : part));
        const response = await rawRequest(server.url, [requestHead('POST', projectGrantsPath, { 'content-type': 'multipart/form-data; boundary=b0undary', 'content-length': multipartBody('b0undary', parts).length }), multipartBody('b0undary', parts)]);
        expect(response.status).toBe(400);
        expect(JSON.parse(response.body)).toEqual({ errors: [{ field: 'firstName', message: expect.any(String) }] });
      }
      expect(await stored()).toBe(before);
    });
  });

  describe('malformed multipart', () => {
    const boundary = 'XyZ123';
    const whole = (): Buffer => multipartBody(boundary, projectGrantsParts());
    it.each([
      ['no boundary (the curl reproduction)', 'multipart/form-data', () => Buffer.from('x')],
      ['a wrong boundary', `multipart/form-data; boundary=other`, whole],
      ['a truncated body', `multipart/form-data; boundary=${boundary}`, () => whole().subarray(0, 300)],
      ['no closing boundary', `multipart/form-data; boundary=${boundary}`, () => whole().subarray(0, whole().length - `--${boundary}--\r\n`.length)],
    ])('answers %s with 400, storing nothing', async (_case, contentType, body) => {
      const before = await stored();
      const response = await fetch(server.url + projectGrantsPath, { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body()) });
      expect(response.status).toBe(400);
      expect(await response.text()).not.toMatch(/FST_|stack|Multipart:/);
      expect(await stored()).toBe(before);
    });
  });

  describe('encodings', () => {
    it('answers a body labelled with another charset 415, JSON and multipart alike, storing nothing', async () => {
      const before = await stored();
      const latin1 = Buffer.from(JSON.stringify({ ...officeHoursPayload(), lastName: 'Pérez' }), 'latin1');
      const json = await fetch(officeHoursUrl(server), { method: 'POST', headers: { 'content-type': 'application/json; charset=iso-8859-1' }, body: new Uint8Array(latin1) });
      expect(json.status).toBe(415);
      const multipart = await fetch(server.url + projectGrantsPath, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=b; charset=windows-1252' },
        body: new Uint8Array(multipartBody('b', projectGrantsParts())),
      });
      expect(multipart.status).toBe(415);
      // UTF-8, however it is spelled, is fine.
      expect((await fetch(officeHoursUrl(server), { method: 'POST', headers: { 'content-type': 'application/json; charset="UTF-8"' }, body: JSON.stringify(officeHoursPayload()) })).status).toBe(201);
      expect(await stored()).toBe(before + 1);
    });

    it('answers bytes that are not UTF-8 400, in a JSON body and in a multipart text field, storing nothing (no U+FFFD)', async () => {
      const before = await stored();
      const json = Buffer.from(JSON.stringify({ ...officeHoursPayload(), lastName: 'P\u00e9rez' }), 'latin1');
      const jsonAnswer = await fetch(officeHoursUrl(server), { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(json) });
      expect(jsonAnswer.status).toBe(400);
      expect(await jsonAnswer.json()).toEqual({ error: 'The text is not valid UTF-8.' });
      const parts = projectGrantsParts().map((part) => (part.name === 'lastName' ? { ...part, value: Buffer.from('P\u00e9rez', 'latin1') } : part));
      const multipart = await fetch(server.url + projectGrantsPath, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body: new Uint8Array(multipartBody('b', parts)) });
      expect(multipart.status).toBe(400);
      expect(await multipart.json()).toEqual({ errors: [{ field: 'lastName', message: 'The text is not valid UTF-8.' }] });
      expect(await stored()).toBe(before);
    });
  });

  describe('request timeout', () => {
    const body = JSON.stringify(officeHoursPayload());
    const head = requestHead('POST', endpoints.officeHours.path, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const expectTimedOut = (answer: RawAnswer): void => {
      expect(answer.status).toBe(408);
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).not.toContain('FST_');
      // Answered, and the connection closed, within the setting plus 2 s.
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
      expect(answer.closedAfterMs).toBeLessThan(TIMEOUT_MS + 2000);
    };

    it(`answers a body trickled one byte every 250 ms with 408 within ${TIMEOUT_MS} ms + 2 s, storing nothing`, async () => {
      const before = await stored();
      expectTimedOut(await rawRequest(server.url, [head, ...body.split('')], 250));
      expect(await stored()).toBe(before);
    });

    it('answers headers trickled one byte every 100 ms the same way', async () => {
      expectTimedOut(await rawRequest(server.url, head.split(''), 100));
    });
  });

  describe('errors raised before routing', () => {
    it("answers GET /%ff 400 with the security headers, without framework codes or the URL", async () => {
      const answer = await rawRequest(server.url, [requestHead('GET', '/%ff')]);
      expect(answer.status).toBe(400);
      expectSecurityHeaders(answer.headers);
      expect(answer.body).not.toMatch(/FST_|%ff/i);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Malformed URL.' });
    });

    it('answers 413, 414 and 431 with the security headers and no framework codes', async () => {
      const tooLarge = await postJson(server.url + endpoints.newsletterSignup.path, { email: `${'a'.repeat(2000)}@example.org` });
      const longUrl = await rawRequest(server.url, [requestHead('GET', `/${'a'.repeat(5000)}`)]);
      const bigHeaders = await rawRequest(server.url, [requestHead('GET', '/', { 'x-padding': 'p'.repeat(20_000) })]);
      expect([tooLarge.status, longUrl.status, bigHeaders.status]).toEqual([413, 414, 431]);
      expectSecurityHeaders(tooLarge.headers);
      for (const answer of [longUrl, bigHeaders]) {
        expectSecurityHeaders(answer.headers);
        expect(answer.body).not.toContain('FST_');
        expect(answer.body.length).toBeLessThan(200);
      }
      expect(await tooLarge.text()).not.toContain('FST_');
    });

    it('does not echo an unknown JSON key whole (a 50,000-character key)', async () => {
      const key = 'k'.repeat(50_000);
      const refused = await postJson(officeHoursUrl(server), { ...officeHoursPayload(), [key]: 'x' });
      expect(refused.status).toBe(400);
      const text = await refused.text();
      expect(text).not.toContain('k'.repeat(100));
      expect(text.length).toBeLessThan(300);
    });
  });

  describe('cross-site requests', () => {
    it('answers a state-changing /api/* request from another site 403, before storing anything', async () => {
      const before = await stored();
      for (const origin of ['https://evil.example', 'null', 'http://localhost:1']) {
        const form = await postJson(officeHoursUrl(server), officeHoursPayload(), 'POST', { origin });
        expect(form.status, origin).toBe(403);
        expectSecurityHeaders(form.headers);
        const newsletter = await postJson(server.url + endpoints.newsletterSignup.path, { email: 'cruzado@example.org' }, 'POST', { origin });
        expect(newsletter.status).toBe(403);
      }
      expect(await stored()).toBe(before);
    });

    it('accepts no Origin (curl, the CLI), the request\'s own origin and the public site origin', async () => {
      const before = await stored();
      const variants: Array<Record<string, string>> = [{}, { origin: server.url }, { origin: 'https://academia.example.org' }];
      for (const headers of variants) {
        expect((await postJson(officeHoursUrl(server), officeHoursPayload(), 'POST', headers)).status, JSON.stringify(headers)).toBe(201);
      }
      expect(await stored()).toBe(before + 3);
      // Reading is not state-changing: a page elsewhere may still link to ours.
      expect((await fetch(`${server.url}/`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    });
  });
});
