/**
 * A stand-in for X's (Twitter's) widgets.js, for the browser tests and the Lighthouse audit: this
 * machine has no internet, and a failed third-party load is the sandbox's doing, not the site's.
 * It renders a marker per post instead of an iframe.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export const TWITTER_WIDGET_HOST = 'platform.twitter.com';

export const TWITTER_WIDGET_STUB = `
window.twttr = {
  widgets: {
    createTweet: function (id, el, opts) {
      el.insertAdjacentHTML('beforeend', '<p data-testid="tweet-stub">tweet ' + id + '</p>');
      return Promise.resolve(el.firstChild);
    },
  },
  ready: function (cb) { cb(window.twttr); },
};
`;

export const isTwitterWidgetScript = (url: string): boolean => {
  const parsed = new URL(url);
  return parsed.hostname === TWITTER_WIDGET_HOST && parsed.pathname === '/widgets.js';
};

/**
 * Serves the stub over HTTPS on 127.0.0.1 with a throwaway self-signed certificate, for a browser
 * started with `--host-resolver-rules=MAP platform.twitter.com 127.0.0.1:<port>` and
 * `--ignore-certificate-errors` (Lighthouse drives its own browser, so Playwright's routing is not there).
 */
export async function startTwitterWidgetStubServer(): Promise<{ port: number; close: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'widget-stub-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', `/CN=${TWITTER_WIDGET_HOST}`], { stdio: 'ignore' });
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (request, response) => {
    if (isTwitterWidgetScript(`https://${TWITTER_WIDGET_HOST}${request.url ?? '/'}`)) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'max-age=3600' });
      response.end(TWITTER_WIDGET_STUB);
    } else {
      response.writeHead(404).end();
    }
  });
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}
