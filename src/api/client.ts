/**
 * The browser's client for the site's API (spec section 7). It knows endpoints, methods and
 * encodings, nothing of the forms: a form hands it the payload its definition built. Responses
 * are read only for `ok` and `status` (and the text body where the spec says so).
 */
import { endpoints, type EndpointSpec } from './endpoints';

export type ApiAnswer = { ok: boolean; status: number };
export type ApiAnswerWithText = ApiAnswer & { text: string };

/** A request body as the forms build it: text, numbers and booleans by field name. */
export type RequestFields = Readonly<Record<string, string | number | boolean>>;

async function sendJson(method: EndpointSpec['method'], path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/plain' },
    body: JSON.stringify(body),
  });
}

/** Every field as a text part (booleans as 'true'/'false'), then the files; the browser sets the boundary. */
function multipartBody(fields: RequestFields, files: Readonly<Record<string, File>>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const [name, file] of Object.entries(files)) body.append(name, file, file.name);
  return body;
}

/**
 * Sends one form to its endpoint, JSON or multipart as the endpoint table says. Files are sent only
 * on multipart endpoints. Network failures reject; HTTP failures resolve with ok = false.
 */
export async function sendForm(endpoint: EndpointSpec, fields: RequestFields, files: Readonly<Record<string, File>> = {}): Promise<ApiAnswer> {
  const response =
    endpoint.encoding === 'multipart'
      ? await fetch(endpoint.path, { method: endpoint.method, headers: { Accept: 'application/json, text/plain' }, body: multipartBody(fields, files) })
      : await sendJson(endpoint.method, endpoint.path, fields);
  return { ok: response.ok, status: response.status };
}

/** POST /api/newsletter-signup. The text body carries the server's message for 4xx answers. */
export async function signUpToNewsletter(email: string): Promise<ApiAnswerWithText> {
  const { method, path } = endpoints.newsletterSignup;
  const response = await sendJson(method, path, { email });
  const text = response.ok ? '' : await response.text().catch(() => '');
  return { ok: response.ok, status: response.status, text };
}
