import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointSpec } from '../../src/api/endpoints';
import { formDefinitions, type FormKey, type FormValues, type WirePayload } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { addGrantee } from '../../src/server/grantees';
import {
  validAcademicGrants,
  validDevconGrants,
  validFinanceCrypto,
  validOfficeHours,
  validProjectGrants,
  validSmallGrantsEvent,
  validSmallGrantsProject,
} from '../../scripts/support/formAnswers';
import { multipartBody } from './support/rawHttp';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

/**
 * The fuzz run: at least 1,000 generated requests per endpoint, on PGlite and on
 * PostgreSQL, in the classes an attacker tried: control characters and broken surrogates in text,
 * bytes that are not UTF-8, other charsets and content types, malformed JSON and multipart,
 * unknown keys, cross-site origins, plus the property tests' mutations of valid payloads and valid
 * submissions. Whatever is sent: no 5xx; a request of a class that must be refused gets a 4xx;
 * and rows grow by exactly the number of 2xx answers (so nothing is stored for a refusal).
 * Requests go out in small concurrent batches; the tables are counted after each batch.
 */

const CASES_PER_ENDPOINT = 1000;
const BATCH = 16;
/** A fixed seed keeps the run reproducible; FUZZ_SEED explores others. */
const SEED = Number(process.env.FUZZ_SEED || 14_014);

type FuzzCase = {
  readonly kind: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
  /** The class must be refused (4xx), whatever the generated details. */
  readonly mustReject: boolean;
  /** Newsletter only: the address a 2xx would store, lower case (a repeat stores nothing). */
  readonly address?: string;
};

type Target = { readonly name: string; readonly endpoint: EndpointSpec; readonly form: FormKey | null; readonly valid: () => FormValues };
const TARGETS: readonly Target[] = [
  { name: 'office-hours', endpoint: endpoints.officeHours, form: 'office-hours', valid: validOfficeHours },
  { name: 'project-grants', endpoint: endpoints.projectGrants, form: 'project-grants', valid: validProjectGrants },
  { name: 'small-grants/project', endpoint: endpoints.smallGrantsProject, form: 'small-grants', valid: validSmallGrantsProject },
  { name: 'small-grants/event', endpoint: endpoints.smallGrantsEvent, form: 'small-grants', valid: validSmallGrantsEvent },
  { name: 'academic-grants', endpoint: endpoints.academicGrants, form: 'academic-grants', valid: validAcademicGrants },
  { name: 'devcon-grants', endpoint: endpoints.devconGrants, form: 'devcon-grants', valid: validDevconGrants },
  { name: 'grantee-finance', endpoint: endpoints.granteeFinance, form: 'grantee-finance', valid: validFinanceCrypto },
  { name: 'newsletter-signup', endpoint: endpoints.newsletterSignup, form: null, valid: () => ({ email: 'lector@example.org' }) },
];

const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));
const JSON_TYPE = { 'content-type': 'application/json' };

/** Characters no text field may hold: C0 controls but TAB, LF, CR; DEL and C1; bidi controls; unpaired or reversed surrogates. */
const badText = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u009b', '\u202a', '\u202e', '\u2066', '\u2069', '\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d');
/** Byte sequences that are not UTF-8: stray continuation, lone lead bytes, overlong forms, encoded surrogates, 0xFF. */
const invalidUtf8 = fc.constantFrom([0xff], [0xfe], [0x80], [0xc3], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]);
const otherCharset = fc.constantFrom('iso-8859-1', 'latin1', 'windows-1252', 'utf-16', 'UTF-16LE', 'us-ascii', 'shift_jis', '"iso-8859-1"', 'utf-7', 'koi8-r');
const crossOrigin = fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'https://localhost:3000.evil.example');
const anyValue = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.boolean(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));

/** Puts `insert` at a position of `text` (as UTF-16 units: this may split a pair, which is the point). */
const insertAt = (text: string, position: number, insert: string): string => {
  const at = text.length === 0 ? 0 : position % (text.length + 1);
  return text.slice(0, at) + insert + text.slice(at);
};

/** Replaces the marker inside an encoded body by raw bytes. */
function spliceBytes(encoded: Buffer, marker: string, bytes: readonly number[]): Uint8Array {
  const at = encoded.indexOf(marker);
  return new Uint8Array(Buffer.concat([encoded.subarray(0, at), Buffer.from(bytes), encoded.subarray(at + marker.length)]));
}

const MARKER = 'QQMARKERQQ';

function arbitraries(target: Target, securityId: string): fc.Arbitrary<FuzzCase> {
  const definition = target.form ? formDefinitions[target.form] : null;
  const validPayload = (): Record<string, unknown> =>
    definition ? { ...definition.toPayload({ ...target.valid(), granteeSecurityID: securityId }) } : { email: 'lector@example.org' };
  const names = definition ? definition.fields.map((field) => field.name) : ['email'];
  /** Fields holding typed text in the valid payload: where control characters and odd bytes go. */
  const textNames = Object.entries(validPayload())
    .filter(([name, value]) => typeof value === 'string' && value !== '' && name !== 'captchaToken' && name !== 'granteeSecurityID')
    .map(([name]) => name);
  const textName = fc.constantFrom(...textNames);
  const multipart = target.endpoint.encoding === 'multipart';

  /** A body in the endpoint's encoding, from a payload (multipart: text parts, plus an optional file). */
  const encode = (payload: Record<string, unknown>, file?: { name: string; bytes: Uint8Array }): { headers: Record<string, string>; body: Uint8Array } => {
    if (!multipart) return { headers: { ...JSON_TYPE }, body: utf8(JSON.stringify(payload)) };
    const parts: Array<{ name: string; value: string | Buffer; fileName?: string }> = payloadToFormEntries(payload as WirePayload).map(([name, value]) => ({ name, value }));
    if (file) parts.push({ name: 'uploadProposal', value: Buffer.from(file.bytes), fileName: file.name });
    return { headers: { 'content-type': 'multipart/form-data; boundary=fuzzBoundary7' }, body: new Uint8Array(multipartBody('fuzzBoundary7', parts)) };
  };
  const withAddress = (payload: Record<string, unknown>): string | undefined => (typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : undefined);

  const pdf = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]));
  const validCase = (definition ? fc.boolean() : fc.emailAddress()).map((choice): FuzzCase => {
    const payload = validPayload();
    if (typeof choice === 'string') payload.email = choice;
    const encoded = encode(payload, multipart && choice === true ? { name: 'propuesta.pdf', bytes: pdf } : undefined);
    return { kind: 'valid', ...encoded, mustReject: false, address: withAddress(payload) };
  });

  // The property tests' mutations: drop a key, replace a value, copy one field into another.
  const name = fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 }));
  const mutation = fc.oneof(
    name.map((key) => (payload: Record<string, unknown>) => void delete payload[key]),
    fc.tuple(name, anyValue).map(([key, value]) => (payload: Record<string, unknown>) => void (payload[key] = value)),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)).map(([from, to]) => (payload: Record<string, unknown>) => void (payload[to] = payload[from])),
  );
  const mutatedCase = fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutate): FuzzCase => {
    const payload = validPayload();
    for (const apply of mutate) apply(payload);
    const sent = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
    return { kind: 'mutated', ...encode(sent), mustReject: false, address: withAddress(sent) };
  });

  const badTextCase = fc.tuple(textName, badText, fc.nat()).map(([field, bad, position]): FuzzCase => {
    const payload = validPayload();
    payload[field] = insertAt(String(payload[field]), position, bad);
    if (!multipart) return { kind: 'control or surrogate', ...encode(payload), mustReject: true };
    // Multipart carries bytes: a surrogate travels as its (invalid) three-byte UTF-8 form.
    const surrogateBytes = (unit: number): number[] => [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    const bytes = [...bad].flatMap((char) => (char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) <= 0xdfff ? surrogateBytes(char.charCodeAt(0)) : [...Buffer.from(char, 'utf8')]));
    payload[field] = insertAt(String(validPayload()[field]), position, MARKER);
    const encoded = encode(payload);
    return { kind: 'control or surrogate', headers: encoded.headers, body: spliceBytes(Buffer.from(encoded.body), MARKER, bytes), mustReject: true };
  });

  const invalidUtf8Case = fc.tuple(textName, invalidUtf8, fc.nat()).map(([field, bytes, position]): FuzzCase => {
    const payload = validPayload();
    payload[field] = insertAt(String(payload[field]), position, MARKER);
    const encoded = encode(payload);
    return { kind: 'not UTF-8', headers: encoded.headers, body: spliceBytes(Buffer.from(encoded.body), MARKER, bytes), mustReject: true };
  });

  const charsetCase = otherCharset.map((charset): FuzzCase => {
    const encoded = encode(validPayload());
    return { kind: 'other charset', headers: { 'content-type': `${encoded.headers['content-type']}; charset=${charset}` }, body: encoded.body, mustReject: true };
  });

  // The newsletter also takes a plain form post (urlencoded, answered 303 back to its page): tests/api/newsletterForm.test.ts.
  const otherTypes = ['', 'text/plain', 'application/x-www-form-urlencoded', multipart ? 'application/json' : 'multipart/form-data; boundary=x', 'application/json-patch+json', 'application/jsonx'];
  const contentTypeCase = fc.constantFrom(...otherTypes.filter((type) => !(target.form === null && type === 'application/x-www-form-urlencoded'))).map(
    (contentType): FuzzCase => {
      const encoded = encode(validPayload());
      return { kind: 'content type', headers: contentType ? { 'content-type': contentType } : {}, body: encoded.body, mustReject: true };
    },
  );

  const malformedCase = fc
    .oneof(
      fc.nat().map((cut) => ({ cut, random: null as Uint8Array | null })),
      fc.uint8Array({ maxLength: 600 }).map((random) => ({ cut: 0, random })),
    )
    .map(({ cut, random }): FuzzCase => {
      const encoded = encode(validPayload());
      if (random) return { kind: 'malformed body', headers: encoded.headers, body: random, mustReject: true };
      // Cut before the end: JSON is unfinished, multipart loses its closing boundary or more.
      const end = cut % Math.max(1, encoded.body.length - 3);
      return { kind: 'malformed body', headers: encoded.headers, body: encoded.body.subarray(0, end), mustReject: true };
    });

  const framingCase = fc
    .constantFrom('no boundary', 'wrong boundary', 'part without disposition', 'duplicate field', 'unknown part', 'file in a text field', 'two files', '__proto__ part', 'garbage headers')
    .map((variant): FuzzCase => {
      const payload = validPayload();
      const parts: Array<{ name: string; value: string | Buffer; fileName?: string }> = payloadToFormEntries(payload as WirePayload).map(([partName, value]) => ({ name: partName, value }));
      const boundary = 'fuzzBoundary7';
      let contentType = `multipart/form-data; boundary=${boundary}`;
      let body: Buffer;
      if (variant === 'no boundary') contentType = 'multipart/form-data';
      if (variant === 'wrong boundary') contentType = 'multipart/form-data; boundary=another';
      if (variant === 'duplicate field') parts.push({ ...parts[0]! });
      if (variant === 'unknown part') parts.push({ name: 'isAdmin', value: 'true' });
      if (variant === 'file in a text field') parts.push({ name: parts[0]!.name === 'uploadProposal' ? 'x' : 'firstName', value: Buffer.from(pdf), fileName: 'a.pdf' });
      if (variant === 'two files') parts.push({ name: 'uploadProposal', value: Buffer.from(pdf), fileName: 'a.pdf' }, { name: 'uploadProposal', value: Buffer.from(pdf), fileName: 'b.pdf' });
      if (variant === '__proto__ part') parts.push({ name: '__proto__', value: '{"admin":true}' });
      body = multipartBody(boundary, parts);
      if (variant === 'part without disposition') body = Buffer.concat([Buffer.from(`--${boundary}\r\nx-note: hi\r\n\r\nvalue\r\n`), body]);
      if (variant === 'garbage headers') body = Buffer.concat([Buffer.from(`--${boundary}\r\n\u0000\u0001: \u00ff\r\ncontent-disposition: form-data; name\r\n\r\nvalue\r\n`), body]);
      // A part without a usable Content-Disposition is skipped by the parser, so the rest may be a valid form.
      const skippable = variant === 'part without disposition' || variant === 'garbage headers';
      return { kind: 'multipart framing', headers: { 'content-type': contentType }, body: new Uint8Array(body), mustReject: !skippable };
    });

  const unknownKeyCase = fc.tuple(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 1000, maxLength: 5000 }), badText), anyValue).map(([key, value]): FuzzCase => {
    const payload = { ...validPayload(), [`x-${key}`]: value };
    return { kind: 'unknown key', ...encode(JSON.parse(JSON.stringify(payload)) as Record<string, unknown>), mustReject: true };
  });

  const crossSiteCase = crossOrigin.map((origin): FuzzCase => {
    const encoded = encode(validPayload());
    return { kind: 'cross-site', headers: { ...encoded.headers, origin }, body: encoded.body, mustReject: true };
  });

  const uploadCase = fc.uint8Array({ minLength: 1, maxLength: 3000 }).map((bytes): FuzzCase => ({ kind: 'random upload', ...encode(validPayload(), { name: 'x.pdf', bytes }), mustReject: false }));

  return fc.oneof(
    { arbitrary: validCase, weight: 2 },
    { arbitrary: mutatedCase, weight: 3 },
    { arbitrary: badTextCase, weight: 3 },
    { arbitrary: invalidUtf8Case, weight: 3 },
    { arbitrary: charsetCase, weight: 1 },
    { arbitrary: contentTypeCase, weight: 1 },
    { arbitrary: malformedCase, weight: 2 },
    { arbitrary: unknownKeyCase, weight: 2 },
    { arbitrary: crossSiteCase, weight: 1 },
    ...(multipart ? [{ arbitrary: framingCase, weight: 3 }, { arbitrary: uploadCase, weight: 1 }] : []),
  );
}

describe.each(BACKENDS)('fuzz run on %s', (backend) => {
  let server: TestServer;
  let securityId: string;
  const tally: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_PER_MINUTE: '1000000', FINANCE_RATE_LIMIT_PER_MINUTE: '1000000' } });
    securityId = (await addGrantee(server.database, 'Fuzz grantee')).securityId;
  });
  afterAll(async () => {
    await server.close();
    // The counts by status, for the record.
    for (const [name, counts] of Object.entries(tally)) console.log(`fuzz ${backend} ${name}: ${Object.entries(counts).sort().map(([status, n]) => `${status}×${n}`).join(' ')}`);
  });

  const rows = async (): Promise<{ forms: number; subscribers: number }> => {
    const [row] = await server.database.query<{ forms: number; subscribers: number }>(
      'SELECT (SELECT count(*) FROM submissions)::int + (SELECT count(*) FROM grantee_finance_versions)::int AS forms, (SELECT count(*) FROM newsletter_subscribers)::int AS subscribers',
    );
    return row!;
  };

  it.each(TARGETS)(`$name: ${CASES_PER_ENDPOINT} generated requests, no 5xx, refused classes get a 4xx, rows only for 2xx answers`, { timeout: 180_000 }, async (target) => {
    const cases = fc.sample(arbitraries(target, securityId), { numRuns: CASES_PER_ENDPOINT, seed: SEED });
    const counts: Record<string, number> = (tally[target.name] = {});
    const knownAddresses = new Set((await server.database.query<{ email: string }>('SELECT lower(email) AS email FROM newsletter_subscribers')).map((row) => row.email));
    for (let start = 0; start < cases.length; start += BATCH) {
      const batch = cases.slice(start, start + BATCH);
      const before = await rows();
      const answers = await Promise.all(
        batch.map(async (fuzzCase) => {
          const response = await fetch(server.url + target.endpoint.path, { method: target.endpoint.method, headers: fuzzCase.headers, body: Buffer.from(fuzzCase.body) });
          const text = await response.text();
          return { fuzzCase, status: response.status, text };
        }),
      );
      const after = await rows();
      let storedForms = 0;
      const newAddresses = new Set<string>();
      for (const { fuzzCase, status, text } of answers) {
        counts[status] = (counts[status] ?? 0) + 1;
        const context = `${fuzzCase.kind} → ${status} ${text.slice(0, 200)} (seed ${SEED})`;
        expect(status, context).toBeLessThan(500);
        expect(text, context).not.toMatch(/FST_|at .*\.(ts|js):\d+/);
        if (fuzzCase.mustReject) expect(status, context).toBeGreaterThanOrEqual(400);
        if (status >= 200 && status < 300) {
          if (target.form) storedForms += 1;
          else if (fuzzCase.address && !knownAddresses.has(fuzzCase.address)) newAddresses.add(fuzzCase.address);
        }
      }
      for (const address of newAddresses) knownAddresses.add(address);
      expect(after.forms - before.forms, `batch at ${start} (seed ${SEED})`).toBe(storedForms);
      expect(after.subscribers - before.subscribers, `batch at ${start} (seed ${SEED})`).toBe(newAddresses.size);
    }
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(CASES_PER_ENDPOINT);
  });
});
