/**
 * JSON requests to our own API, for the team's and the applicant's clients: same-origin cookies, a
 * JSON body on POST and PUT, and every answer that is not 2xx thrown as the client's own error with its
 * status and the server's Spanish message.
 */

/** An answer that is not 2xx: its status and the server's Spanish message ('' when it sent none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server's `{ error }` message, when the body is one; '' otherwise (the status says enough). */
export function messageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') return (body as { error: string }).error;
  } catch {
    // Not JSON: the status alone says enough.
  }
  return '';
}

export async function requestJson<T>(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, refusal: (status: number, message: string) => Error): Promise<T> {
  const init: RequestInit =
    method === 'GET'
      ? { method, credentials: 'same-origin', headers: { Accept: 'application/json' } }
      : { method, credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) };
  const response = await fetch(path, init);
  const text = response.status === 204 ? '' : await response.text();
  if (!response.ok) throw refusal(response.status, messageOf(text));
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
