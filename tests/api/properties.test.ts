import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointSpec } from '../../src/api/endpoints';
import { formDefinitions, type FormKey, type FormValues, type WirePayload } from '../../src/forms/definitions';
import { decodeMultipartFields } from '../../src/forms/definitions/payload';
import { isEmail, validatePayload } from '../../src/forms/definitions/validate';
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
import { ACCEPTED_TOKEN } from '../../scripts/support/fakeSiteverify';
import { postJson, startTestServer, type TestServer } from './support/testServer';

/**
 * Random and mutated payloads, for every endpoint: the server never answers 5xx, and stores a
 * row only for a body the definitions accept (sent to the endpoint they choose). Bodies start
 * from a valid submission so that mutations probe the rules, not just the first check.
 */

type Case = { endpoint: EndpointSpec; form: FormKey; valid: () => FormValues };
const CASES: readonly Case[] = [
  { endpoint: endpoints.officeHours, form: 'office-hours', valid: validOfficeHours },
  { endpoint: endpoints.projectGrants, form: 'project-grants', valid: validProjectGrants },
  { endpoint: endpoints.smallGrantsProject, form: 'small-grants', valid: validSmallGrantsProject },
  { endpoint: endpoints.smallGrantsEvent, form: 'small-grants', valid: validSmallGrantsEvent },
  { endpoint: endpoints.academicGrants, form: 'academic-grants', valid: validAcademicGrants },
  { endpoint: endpoints.devconGrants, form: 'devcon-grants', valid: validDevconGrants },
  { endpoint: endpoints.granteeFinance, form: 'grantee-finance', valid: validFinanceCrypto },
];

const anyValue = fc.oneof(fc.string({ maxLength: 60 }), fc.boolean(), fc.integer(), fc.constant(null), fc.constant(''), fc.string({ minLength: 30_000, maxLength: 33_000 }));

/** A mutation of a payload: drop a key, replace a value, add a key. */
function mutations(fieldNames: readonly string[]): fc.Arbitrary<Array<(payload: Record<string, unknown>) => void>> {
  const name = fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 }));
  const mutation = fc.oneof(
    name.map((key) => (payload: Record<string, unknown>) => void delete payload[key]),
    fc.tuple(name, anyValue).map(([key, value]) => (payload: Record<string, unknown>) => void (payload[key] = value)),
    fc.tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...fieldNames)).map(([from, to]) => (payload: Record<string, unknown>) => void (payload[to] = payload[from])),
  );
  return fc.array(mutation, { minLength: 0, maxLength: 4 });
}

describe('random and mutated payloads', () => {
  let server: TestServer;
  let securityId: string;
  beforeAll(async () => {
    server = await startTestServer();
    securityId = (await addGrantee(server.database, 'Property test')).securityId;
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(CASES)('$endpoint.path: never 5xx, never stores what the definition rejects', async ({ endpoint, form, valid }) => {
    const definition = formDefinitions[form];
    const table = form === 'grantee-finance' ? 'grantee_finance_versions' : 'submissions';
    const names = definition.fields.map((field) => field.name);
    await fc.assert(
      fc.asyncProperty(mutations(names), fc.boolean(), async (mutate, keepCaptcha) => {
        const body: Record<string, unknown> = { ...definition.toPayload({ ...valid(), granteeSecurityID: securityId }) };
        if (!keepCaptcha && 'captchaToken' in body) body.captchaToken = 'forged';
        for (const apply of mutate) apply(body);
        // What actually travels: JSON drops undefined values.
        const sent = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
        const before = await server.count(table);

        let response: Response;
        let accepted: boolean;
        if (endpoint.encoding === 'multipart') {
          // Multipart carries text only: what the server sees is what decodeMultipartFields makes of it.
          const parts: Record<string, string> = Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, String(value)]));
          const form = new FormData();
          for (const [key, value] of Object.entries(parts)) form.append(key, value);
          response = await fetch(server.url + endpoint.path, { method: endpoint.method, body: form });
          const result = validatePayload(definition, decodeMultipartFields(definition.fields, parts));
          accepted = result.ok && definition.endpoint(result.values).path === endpoint.path;
        } else {
          response = await postJson(server.url + endpoint.path, sent, endpoint.method);
          const result = validatePayload(definition, sent);
          accepted = result.ok && definition.endpoint(result.values).path === endpoint.path;
        }
        if (definition.captcha) accepted &&= sent.captchaToken === ACCEPTED_TOKEN;
        if (form === 'grantee-finance') accepted &&= sent.granteeSecurityID === securityId;

        const context = `${response.status} for ${JSON.stringify(sent).slice(0, 300)}`;
        expect(response.status, context).toBeLessThan(500);
        const after = await server.count(table);
        if (response.ok) {
          expect(accepted, context).toBe(true);
          expect(after).toBe(before + 1);
        } else {
          expect(after).toBe(before);
          expect(accepted, context).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('/api/newsletter-signup: never 5xx, stores only a single valid address', async () => {
    const body = fc.oneof(
      fc.record({ email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 40 })) }),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent: unknown) => {
        const before = await server.count('newsletter_subscribers');
        const response = await postJson(server.url + endpoints.newsletterSignup.path, sent);
        expect(response.status).toBeLessThan(500);
        const after = await server.count('newsletter_subscribers');
        if (response.ok) {
          const email = (sent as WirePayload).email;
          expect(typeof email === 'string' && isEmail(email.trim()) && Object.keys(sent as object).length === 1).toBe(true);
          // A new address adds a row; a repeat (in any letter case) gets the same answer and adds none.
          expect(after - before).toBeLessThanOrEqual(1);
        } else {
          expect(after).toBe(before);
        }
      }),
      { numRuns: 60 },
    );
  });
});
