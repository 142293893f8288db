/**
 * Rendering an application form as a page would: design system, a Next router, page loads
 * (location.assign, which jsdom cannot do) recorded, the toast container; the captcha provider replaced by a stub of its global, as if its
 * script had loaded; helpers that fill fields the way an applicant does.
 */
import type { ReactElement } from 'react';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { Toasts } from '@/components/shell/Toasts';
import type { FormDefinition, FormValues } from '@/forms/definitions/types';
import { apiServer } from '../../../support/apiServer';

export function fakeRouter(pathname: string): NextRouter & { push: ReturnType<typeof vi.fn> } {
  const router = {
    pathname,
    route: pathname,
    asPath: pathname,
    basePath: '',
    query: {},
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    reload: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(async () => undefined),
    beforePopState: vi.fn(),
    events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() },
  };
  return router as unknown as NextRouter & { push: ReturnType<typeof vi.fn> };
}

/** The captcha provider's global, as its script defines it; `solve` and `expire` act as the widget would. */
export function stubCaptcha() {
  let callbacks: { callback?: (token: string) => void; 'expired-callback'?: () => void } = {};
  const reset = vi.fn();
  const grecaptcha = {
    render: vi.fn((_element: HTMLElement, params: typeof callbacks) => {
      callbacks = params;
      return 0;
    }),
    getResponse: vi.fn(() => ''),
    reset,
    execute: vi.fn(),
    ready: (callback: () => void) => callback(),
  };
  Object.assign(window, { grecaptcha });
  return {
    reset,
    rendered: () => grecaptcha.render.mock.calls.length > 0,
    solve: (token: string) => callbacks.callback?.(token),
    expire: () => callbacks['expired-callback']?.(),
  };
}

/** Records the pages the form loads (location.assign); the rest of location is jsdom's own. */
function recordPageLoads(): ReturnType<typeof vi.fn> {
  const assign = vi.fn();
  const real = window.location;
  const location = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === 'assign') return assign;
        const value: unknown = Reflect.get(real, key, real);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
      },
    },
  );
  vi.stubGlobal('location', location);
  return assign;
}

export function renderPage(ui: ReactElement, pathname: string) {
  const router = fakeRouter(pathname);
  const pageLoads = recordPageLoads();
  const user = userEvent.setup();
  const { unmount } = render(
    <RouterContext.Provider value={router}>
      {ui}
      <Toasts />
    </RouterContext.Provider>,
  );
  return { router, pageLoads, user, unmount };
}

/** The control of a field, found the way assistive technology finds it: by its id and label. */
export function control(name: string): HTMLElement {
  const element = document.getElementById(`field-${name}`);
  if (!element) throw new Error(`no control for ${name}`);
  return element;
}

/** Picks an option of a searchable select by its visible label, as a keyboard user would. */
export async function choose(user: UserEvent, label: string, optionLabel: string) {
  // Until the select is first used, a read-only combobox drawn like react-select stands in; pressing it brings react-select.
  const input = await waitFor(
    () => {
      const found = screen.getByRole('combobox', { name: label });
      expect(found).toBeEnabled();
      return found;
    },
    { timeout: 5000 },
  );
  await user.click(input);
  await user.keyboard(optionLabel.slice(0, 6));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: optionLabel }));
}

/** Types (pastes) or chooses each value into its field, then leaves the field. */
export async function fill(user: UserEvent, definition: FormDefinition, values: FormValues) {
  for (const [name, value] of Object.entries(values)) {
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (!field) throw new Error(`${definition.key} has no field ${name}`);
    if (field.kind === 'select') {
      const option = field.options?.find((candidate) => candidate.value === value);
      if (!option) throw new Error(`${name} has no option ${value}`);
      await choose(user, field.label, option.label);
    } else if (field.kind === 'radio') {
      const group = screen.getByRole('radiogroup', { name: new RegExp(`^${field.label.replace(/[?()]/g, '\\$&')}`) });
      await user.click(within(group).getByRole('radio', { name: field.options?.find((option) => option.value === value)?.label }));
    } else {
      const element = control(name);
      await user.clear(element);
      if (value !== '') {
        await user.click(element);
        await user.paste(value);
      }
      await user.tab();
    }
  }
}

/** A draft left by an earlier visit: the form starts with these values, as if typed then. */
export function leaveDraft(formKey: string, values: FormValues) {
  localStorage.setItem(`borrador:${formKey}`, JSON.stringify(values));
}

export async function waitForCaptcha(captcha: ReturnType<typeof stubCaptcha>) {
  await waitFor(() => expect(captcha.rendered()).toBe(true));
}

export const submitButton = () => screen.getByRole('button', { name: /Submit Application|Submitting|Submit$|Request office hours|Confirm and send/ });

/** Answers a JSON endpoint with `status` and records the bodies it received. */
export function answerJson(method: 'post' | 'put', path: string, status: number): unknown[] {
  const bodies: unknown[] = [];
  apiServer.use(
    http[method](`*${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return new HttpResponse(null, { status });
    }),
  );
  return bodies;
}
