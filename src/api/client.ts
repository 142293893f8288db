/**
 * The browser's client for the site's API. It knows endpoints, methods and
 * encodings, nothing of the forms: a form hands it the payload its definition built. Responses
 * are read only for `ok` and `status` (and the text body where the spec says so).
 */
import type { EndpointSpec } from './endpoints';

export type ApiAnswer = { ok: boolean; status: number };
export type ApiAnswerWithText = ApiAnswer & { text: string };

/** A request body as the forms build it: text, numbers and booleans by field name. */
export type RequestFields = Readonly<Record<string, string | number | boolean>>;

/** Every field as a text part (booleans as 'true'/'false'), then the files; the browser sets the boundary. */
function multipartBody(fields: RequestFields, files: Readonly<Record<string, File>>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const [name, file] of Object.entries(files)) body.append(name, file, file.name);
  return body;
}

/** How much of a request's body has gone out, in bytes. */
export type SendProgress = { readonly sent: number; readonly total: number };

export type SendOptions = {
  /** Called as the body goes out (the browser reports every few tens of milliseconds). */
  onProgress?: (progress: SendProgress) => void;
  /** Aborting it stops the upload; sendForm then rejects with an AbortError. */
  signal?: AbortSignal;
};

/** The rejection of a send the applicant cancelled. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * One request through XMLHttpRequest, the one browser API that reports how much of a body has
 * been sent (fetch reports nothing of an upload). Resolves with the status; rejects on a network
 * failure (TypeError, as fetch does) or an abort (AbortError).
 */
function request(method: EndpointSpec['method'], path: string, headers: Readonly<Record<string, string>>, body: XMLHttpRequestBodyInit, { onProgress, signal }: SendOptions): Promise<ApiAnswerWithText> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('The applicant cancelled the upload.', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open(method, path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    // Listening on xhr.upload before send() is what makes the browser report upload progress.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      settle();
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: xhr.responseText });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError(`Network error on ${method} ${path}`));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(cancelled());
    });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

/**
 * Sends one form to its endpoint, JSON or multipart as the endpoint table says. Files are sent only
 * on multipart endpoints. Network failures reject; HTTP failures resolve with ok = false and the
 * answer's text (a refusal's `{ "error": … }`). Every form's send reports its progress and can be
 * cancelled (options).
 */
export async function sendForm(endpoint: EndpointSpec, fields: RequestFields, files: Readonly<Record<string, File>> = {}, options: SendOptions = {}): Promise<ApiAnswerWithText> {
  const accept = { Accept: 'application/json, text/plain' };
  return endpoint.encoding === 'multipart'
    ? request(endpoint.method, endpoint.path, accept, multipartBody(fields, files), options)
    : request(endpoint.method, endpoint.path, { ...accept, 'Content-Type': 'application/json' }, JSON.stringify(fields), options);
}

/**
 * One multipart POST outside the forms' endpoint table (the applicant portal's answer to a
 * question), with the same progress and cancel as sendForm; the answer's text carries the server's
 * message on a refusal.
 */
export function postMultipart(path: string, fields: RequestFields, files: Readonly<Record<string, File>>, options: SendOptions = {}): Promise<ApiAnswerWithText> {
  return request('POST', path, { Accept: 'application/json' }, multipartBody(fields, files), options);
}

/** The server's sentence in a refusal's `{ "error": … }` body, or null when the body carries none. */
export function refusalMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    return typeof error === 'string' && error.trim() !== '' ? error : null;
  } catch {
    return null;
  }
}
