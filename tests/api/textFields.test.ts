import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_COOKIE } from '../../src/api/contracts/applicant';
import { formDefinitions } from '../../src/forms/definitions';
import { DISALLOWED_TEXT_MESSAGE_ES } from '../../src/forms/definitions/validate';
import { receiveApplication } from '../../src/server/applications/receive';
import { startApplicantSession } from '../../src/server/applicant/sessions';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { referenceOf } from '../../src/server/mail/compose';
import type { Role } from '../../src/server/team/roles';
import { validProjectGrants } from '../../scripts/support/formAnswers';
import { multipartBody } from './support/rawHttp';
import { enrolMember, SITE, teamClient, type Member } from './support/teamClient';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * Every string field of every /api route, found from the routes as the server registers them (their
 * body, query and path schemas, and a multipart route's declared text parts), so a new route or field
 * is walked without touching this file. Each field gets, one at a time in an otherwise plausible
 * request, text no field may hold: NUL, BEL, ESC, VT, DEL, a C1 control, a lone surrogate and bidi
 * overrides and isolates. Every answer is a 4xx with a message (never a 5xx), the free-text fields'
 * (`Text` in src/api/contracts/common.ts) is the Spanish "Tu texto tiene un carácter…", and no table
 * gains or loses a row.
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  not?: Schema;
};
type Path = ReadonlyArray<string | number>;
type Where = 'body' | 'querystring' | 'params' | 'part';
type Field = { readonly where: Where; readonly path: Path; readonly schema: Schema };

const BAD: ReadonlyArray<readonly [string, string]> = [
  ['NUL', 'a\u0000b'],
  ['BEL', 'a\u0007b'],
  ['ESC', '\u001b[31mrojo\u001b[0m'],
  ['VT', 'a\u000bb'],
  ['DEL', 'a\u007fb'],
  ['C1 CSI', 'a\u009b31mb'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', 'a\udc00b'],
  ['RLO override', 'abc\u202Etxt.exe'],
  ['LRI isolate', 'a\u2066b\u2069'],
];

/** A value the schema takes, made up from it (the walk only needs the other fields to be plausible). */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties![name]!)]));
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items!));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function sampleString(schema: Schema): string {
  if (schema.format === 'email') return 'ana@example.org';
  const known: Record<string, string> = { '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': '2026-06-30', '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$': '2027-03-15T23:59' };
  if (schema.pattern && known[schema.pattern]) return known[schema.pattern]!;
  if (schema.pattern && /\[0-9\]|\\d/.test(schema.pattern)) return '1';
  if (schema.pattern?.includes('A-Za-z0-9_-]{43}')) return 'A'.repeat(43);
  return 'Texto'.slice(0, schema.maxLength ?? 5).padEnd(schema.minLength ?? 0, 'x');
}

/** Every string leaf of a schema, with its path (an array's first item, each string option of a union). */
function stringLeaves(schema: Schema, path: Path = []): Array<{ path: Path; schema: Schema }> {
  if (schema.anyOf) return schema.anyOf.flatMap((option) => stringLeaves(option, path));
  if (schema.type === 'string' || (schema.enum && schema.enum.every((value) => typeof value === 'string'))) return [{ path, schema }];
  if (schema.type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => stringLeaves(property, [...path, name]));
  if (schema.type === 'array' && schema.items) return stringLeaves(schema.items, [...path, 0]);
  return [];
}

/** `base` with `value` at `path`, the objects and arrays on the way made up as needed. */
function withValue(base: unknown, root: Schema, path: Path, value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    // A list may be one option of a union (openFields: a list of names, or 'all').
    const arraySchema = root.anyOf?.find((option) => option.type === 'array') ?? root;
    const items = Array.isArray(base) && base.length > 0 ? [...(base as unknown[])] : [sample(arraySchema.items!)];
    items[0] = withValue(items[0], arraySchema.items!, rest, value);
    return items;
  }
  const objectSchema = root.anyOf?.find((option) => option.type === 'object') ?? root;
  const object = base !== null && typeof base === 'object' ? { ...(base as Record<string, unknown>) } : (sample(objectSchema) as Record<string, unknown>);
  const child = objectSchema.properties![head!]!;
  object[head!] = withValue(object[head!] ?? sample(child), child, rest, value);
  return object;
}

const isFreeText = (schema: Schema): boolean => schema.not?.pattern !== undefined;

describe('every string field of every route refuses text no field may hold', () => {
  let server: TestServer;
  const routes: RouteOptions[] = [];
  const members = {} as Record<Role, Member>;
  let applicantCookie: string;
  /** Path parameters of real records: an application asked a question, and an approved one with a grant, a milestone and a report. */
  const params: Record<string, string> = {};
  let grantReference: string;

  const rowCounts = async (): Promise<Record<string, number>> => {
    const tables = await server.database.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = (await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`))[0]!.n;
    return counts;
  };

  beforeAll(async () => {
    server = await startTestServer({ onRoute: (route) => void routes.push(route) });
    const keys = resolveFinanceKeys(server.config).keyring;
    for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrolMember(server.url, server.database, `${role}@example.org`, role, keys);
    const receive = () => receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(validProjectGrants()), upload: null });

    const asked = await receive();
    const reference = referenceOf('project-grants', asked);
    const sent = await teamClient(server.url, members.admin.cookie).post(`/applications/${reference}/information-request/send`, { question: '¿Puedes enviar el presupuesto?' });
    expect(sent.status).toBeLessThan(300);
    const [request] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM information_requests ORDER BY id LIMIT 1');

    const granted = await receive();
    grantReference = referenceOf('project-grants', granted);
    await server.database.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [granted]);
    const [grant] = await server.database.query<{ id: string }>("INSERT INTO grants (submission_id, amount, currency) VALUES ($1, '1000000', 'USD') RETURNING id::text AS id", [granted]);
    const [milestone] = await server.database.query<{ id: string }>(
      "INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state) VALUES ($1, 1, 'Hito 1', 'Publicado.', '2026-06-30', '1000000', 'pending') RETURNING id::text AS id",
      [grant!.id],
    );
    Object.assign(params, { id: reference, reference, requestId: request!.id, milestoneId: milestone!.id, version: '1', responseId: '1', paymentId: '1' });
    applicantCookie = `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, 'ana@example.org')}`;
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The record a route's `:id` or `:reference` names: the granted application on grant and payment routes. */
  const paramOf = (url: string, name: string): string => (['id', 'reference'].includes(name) && /grant|payment/.test(url) ? grantReference : (params[name] ?? '1'));

  const memberFor = (route: RouteOptions): Member | null => {
    const access = route.config?.teamAccess;
    if (access === undefined || access === 'public') return null;
    if (access === 'member') return members.admin;
    return members[access.includes('admin') ? 'admin' : access[0]!];
  };

  async function send(route: RouteOptions, field: Field, bad: string): Promise<Response> {
    const method = [route.method].flat()[0]!;
    const schema = (route.schema ?? {}) as Record<Where, Schema | undefined>;
    const pathParams = Object.fromEntries((route.url.match(/:(\w+)/g) ?? []).map((name) => [name.slice(1), paramOf(route.url, name.slice(1))]));
    if (field.where === 'params') pathParams[field.path[0] as string] = bad;
    // A lone surrogate has no UTF-8 form: in a URL it is sent as the bytes of its CESU-8 encoding.
    const inUrl = (value: string) => (/[\ud800-\udfff]/.test(value) ? value.split(/([\ud800-\udfff])/).map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece))).join('') : encodeURIComponent(value));
    const url = new URL(`${server.url}${route.url.replace(/:(\w+)/g, (_match, name: string) => inUrl(pathParams[name]!))}`);
    let query = schema.querystring ? (sample(schema.querystring) as Record<string, string>) : {};
    if (field.where === 'querystring') query = withValue(query, schema.querystring!, field.path, bad) as Record<string, string>;
    const search = Object.entries(query).map(([name, value]) => `${name}=${inUrl(String(value))}`).join('&');
    const target = `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = {};
    const member = memberFor(route);
    if (route.url.startsWith('/api/team') && member) headers.cookie = member.cookie;
    if (route.url.startsWith('/api/applicant')) headers.cookie = applicantCookie;
    if (method === 'GET') return fetch(target, { headers });
    headers.origin = SITE;
    if (field.where === 'part') {
      const boundary = 'walk-boundary';
      // As a browser would send a lone surrogate it cannot encode: the bytes of its CESU-8 form.
      const bytes = Buffer.concat(bad.split(/([\ud800-\udfff])/).map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? Buffer.from([0xed, 0xa0, 0x80]) : Buffer.from(piece, 'utf8'))));
      const parts = (route.config!.textParts ?? []).map((name) => ({ name, value: name === field.path[0] ? bytes : 'Texto' }));
      return fetch(target, { method, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(multipartBody(boundary, parts)) });
    }
    let body = schema.body ? sample(schema.body) : {};
    if (field.where === 'body') body = withValue(body, schema.body!, field.path, bad);
    return fetch(target, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  it('walks every route and field: 4xx with a message, the Spanish one for free text, nothing stored', async () => {
    // HEAD routes are the GET routes' own answers without a body: the GET is walked.
    const walked = routes.filter((route) => (route.url.startsWith('/api/team/') || route.url.startsWith('/api/applicant/')) && [route.method].flat()[0] !== 'HEAD');
    const fieldsOf = (route: RouteOptions): Field[] => {
      const schema = (route.schema ?? {}) as Record<Where, Schema | undefined>;
      return [
        ...(['body', 'querystring', 'params'] as const).flatMap((where) => (schema[where] ? stringLeaves(schema[where]).map((leaf) => ({ where, ...leaf })) : [])),
        ...(route.config?.textParts ?? []).map((name) => ({ where: 'part' as const, path: [name], schema: { type: 'string', not: { pattern: 'the rule' } } })),
      ];
    };
    const covered = walked.filter((route) => fieldsOf(route).length > 0);
    const failures: string[] = [];
    let fields = 0;
    const byPlace: Record<string, number> = {};
    for (const route of covered) for (const field of fieldsOf(route)) byPlace[field.where] = (byPlace[field.where] ?? 0) + 1;
    for (const route of covered) {
      const before = await rowCounts();
      for (const field of fieldsOf(route)) {
        fields += 1;
        for (const [name, bad] of BAD) {
          const response = await send(route, field, bad);
          const text = await response.text();
          const message = (() => {
            try {
              return (JSON.parse(text) as { error?: string }).error;
            } catch {
              return undefined;
            }
          })();
          const label = `${[route.method].flat()[0]} ${route.url} ${field.where}.${field.path.join('.')} with ${name}`;
          if (response.status < 400 || response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 120)}`);
          else if (!message) failures.push(`${label}: no message (${text.slice(0, 80)})`);
          else if (isFreeText(field.schema) && field.where !== 'params' && message !== DISALLOWED_TEXT_MESSAGE_ES) failures.push(`${label}: ${response.status} '${message}'`);
        }
        // A body or query string that no pattern, format or list constrains is free text: it states the rule.
        const { schema } = field;
        if (field.where !== 'params' && schema.pattern === undefined && schema.format === undefined && schema.enum === undefined && schema.const === undefined && !isFreeText(schema)) {
          failures.push(`${[route.method].flat()[0]} ${route.url} ${field.where}.${field.path.join('.')}: free text without Text()`);
        }
      }
      const after = await rowCounts();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${[route.method].flat()[0]} ${route.url}: rows changed in ${changed.join(', ')}`);
    }
    console.info(`text walk: ${covered.length} routes (of ${walked.length} under /api/team and /api/applicant), ${fields} string fields (${JSON.stringify(byPlace)}), ${fields * BAD.length} requests`);
    expect(failures).toEqual([]);
    // The walk sees the routes the issue named, so a route missing from the registry would show here.
    const walkedUrls = covered.map((route) => route.url);
    for (const url of ['/api/applicant/applications/:reference/withdraw', '/api/team/applications/:id/information-request/send', '/api/team/applications/:id/grant/payments']) expect(walkedUrls.some((walkedUrl) => walkedUrl.startsWith(url.split(':')[0]!))).toBe(true);
  });
});
