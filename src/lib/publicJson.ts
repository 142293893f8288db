/**
 * Reads one of the server's public JSON documents from a static page (GET /api/rounds, GET /api/open-books/grants):
 * revalidated with its ETag (`no-cache`), without cookies (the document is the same for everyone, and so cacheable),
 * given up after `timeoutMs`. A failure, a late answer or a body that does not read as `reads` says is null: the page
 * keeps what it was built with and shows no error for it.
 */
export async function fetchPublicJson<T>(path: string, timeoutMs: number, reads: (body: unknown) => body is T): Promise<{ body: T; response: Response } | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, { cache: 'no-cache', credentials: 'omit', headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return reads(body) ? { body, response } : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
