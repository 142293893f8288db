/**
 * The browser's client for the site's API (spec section 7). It knows endpoints, methods and
 * encodings, nothing of the forms; responses are read only for `ok` and `status` (and the text
 * body where the spec says so).
 */

export type ApiAnswer = { ok: boolean; status: number };
export type ApiAnswerWithText = ApiAnswer & { text: string };

import { endpoints } from './endpoints';

async function sendJson(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/plain' },
    body: JSON.stringify(body),
  });
}

/** POST /api/newsletter-signup. The text body carries the server's message for 4xx answers. */
export async function signUpToNewsletter(email: string): Promise<ApiAnswerWithText> {
  const { method, path } = endpoints.newsletterSignup;
  const response = await sendJson(method, path, { email });
  const text = response.ok ? '' : await response.text().catch(() => '');
  return { ok: response.ok, status: response.status, text };
}
