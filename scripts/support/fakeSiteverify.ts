import http from 'node:http';
import { listenInRange } from './ports';

/**
 * A local stand-in for reCAPTCHA's siteverify: `success` is true only for the accepted token
 * (default ACCEPTED_TOKEN) with the expected secret. `down()` makes it answer 500, as an outage would.
 */
export const ACCEPTED_TOKEN = 'captcha-token';
export const TEST_SECRET = 'test-secret';

export type FakeSiteverify = { url: string; calls: number; down(): void; up(): void; delay(ms: number): void; close(): Promise<void> };

export async function startFakeSiteverify(acceptedToken: string = ACCEPTED_TOKEN): Promise<FakeSiteverify> {
  let failing = false;
  let delayMs = 0;
  const state = { calls: 0 };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      state.calls += 1;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failing) {
        response.writeHead(500).end();
        return;
      }
      const form = new URLSearchParams(body);
      const success = form.get('secret') === TEST_SECRET && form.get('response') === acceptedToken;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  const port = await listenInRange((candidate) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(candidate, '127.0.0.1', () => resolve());
  }), server);
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    get calls() {
      return state.calls;
    },
    down: () => (failing = true),
    up: () => (failing = false),
    delay: (ms: number) => (delayMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
