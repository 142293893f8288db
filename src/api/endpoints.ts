/**
 * The seven endpoints: path, method and body encoding, in one table. The
 * browser's client sends to them, the form definitions name theirs, and the API server mounts its
 * routes from the same table, so a path is written once. No React, no DOM: Node imports it too.
 */

export type Encoding = 'json' | 'multipart';

export type EndpointSpec = {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly encoding: Encoding;
};

export const endpoints = {
  officeHours: { method: 'POST', path: '/api/office-hours', encoding: 'json' },
  projectGrants: { method: 'POST', path: '/api/project-grants', encoding: 'multipart' },
  smallGrantsProject: { method: 'POST', path: '/api/small-grants/project', encoding: 'json' },
  smallGrantsEvent: { method: 'POST', path: '/api/small-grants/event', encoding: 'json' },
  granteeFinance: { method: 'PUT', path: '/api/grantee-finance', encoding: 'json' },
  academicGrants: { method: 'POST', path: '/api/academic-grants', encoding: 'json' },
  devconGrants: { method: 'POST', path: '/api/devcon-grants', encoding: 'json' },
  newsletterSignup: { method: 'POST', path: '/api/newsletter-signup', encoding: 'json' },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof endpoints;
