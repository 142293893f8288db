/**
 * Rendering a team page as the browser does: at its address (path and query), inside a Next
 * router, with /api/team/* answered by msw. `navigate` (src/team/navigate) is mocked by each test
 * file, so a test sees where a page sent the browser.
 */
import type { ComponentType } from 'react';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import type { ApplicationDetail, TeamMember } from '@/team/api';
import { apiServer } from '../../support/apiServer';
import { fakeRouter } from '../forms/components/harness';

// Six engineers share two cores: a page may take more than the default second to settle.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

export const admin: TeamMember = { email: 'ana@ejemplo.org', role: 'admin' };
export const reviewer: TeamMember = { email: 'rita@ejemplo.org', role: 'reviewer' };
export const finance: TeamMember = { email: 'fede@ejemplo.org', role: 'finance' };

/** A project grant in review, as GET /api/team/applications/PG-000123 answers it; `changes` override. */
export function applicationDetail(changes: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: 'PG-000123',
    reference: 'PG-000123',
    form: 'project-grants',
    programme: 'Project Grants',
    submittedAt: '2026-11-20T15:04:00Z',
    sections: [{ title: 'Contact information', answers: [{ name: 'firstName', label: 'First name', value: 'Ana' }] }],
    file: null,
    status: 'in_review',
    statusChangedAt: '2026-11-21T10:00:00Z',
    assignee: null,
    history: [{ from: null, to: 'received', by: null, at: '2026-11-20T15:04:00Z' }],
    notes: [],
    decisionEmails: [],
    grantee: null,
    informationRequests: [],
    ...changes,
  };
}

/** Answers GET /api/team/session with this member, signed out (null), or with the status given. */
export function signedInAs(member: TeamMember | null | number) {
  apiServer.use(
    http.get('*/api/team/session', () => {
      if (typeof member === 'number') return HttpResponse.json({ error: 'No.' }, { status: member });
      return HttpResponse.json(member ? { signedIn: true, ...member } : { signedIn: false });
    }),
  );
}

/** Answers one route and records every request it received (URL and JSON body). */
export function answer(method: 'get' | 'post', path: string, respond: () => Response | Promise<Response>) {
  const requests: Array<{ url: URL; body: JsonBodyType }> = [];
  apiServer.use(
    http[method](`*${path}`, async ({ request }) => {
      requests.push({ url: new URL(request.url), body: method === 'post' ? ((await request.json()) as JsonBodyType) : null });
      return respond();
    }),
  );
  return requests;
}

export const json = (body: JsonBodyType, status = 200) => () => HttpResponse.json(body, { status });

/** Answers GET /api/team/rounds with no round at all: the lists filter by none (a test's own answer, installed later, wins). */
export function noRounds() {
  apiServer.use(http.get('*/api/team/rounds', () => HttpResponse.json({ now: '2026-11-29T08:00:00Z', programmes: [] })));
}

/** A request that never answers: the page stays in its loading state. */
export const never = () => new Promise<Response>(() => undefined);

export function renderPage(Page: ComponentType, address: string) {
  const url = new URL(address, 'http://localhost');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  const router = fakeRouter(url.pathname);
  render(
    <RouterContext.Provider value={router}>
      <Page />
    </RouterContext.Provider>,
  );
  return { user: userEvent.setup() };
}
