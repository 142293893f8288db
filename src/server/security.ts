import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Duplex } from 'node:stream';
import path from 'node:path';

/**
 * Security headers for every answer. The Content-Security-Policy allows exactly what the site
 * loads: its own files, the captcha (Google reCAPTCHA), the social-post widget (X/Twitter) and
 * the analytics origin when one is configured; the build's inline bootstrap scripts by hash.
 */

const CAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAMES = ['https://www.google.com/recaptcha/'];
const EMBED_SCRIPTS = ['https://platform.twitter.com'];
const EMBED_FRAMES = ['https://platform.twitter.com', 'https://syndication.twitter.com'];

/**
 * The hashes ('sha256-…') of each exported HTML file's inline executable scripts, by absolute file
 * path: a page's policy allows its own bootstrap script and no other page's.
 */
export function inlineScriptHashesByPage(outDir: string): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  const visit = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== '_next') visit(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        const hashes = new Set<string>();
        const html = fs.readFileSync(full, 'utf8');
        for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
          const [, attributes = '', body = ''] = match;
          // External scripts are allowed by origin; JSON data blocks are never executed.
          if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes) || body === '') continue;
          hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        }
        byPage.set(path.resolve(full), [...hashes].sort());
      }
    }
  };
  visit(outDir);
  return byPage;
}

/**
 * The policy of the export's files that are not pages (scripts, styles, fonts, images, data): a
 * policy only governs a document, so these need no allow-list, and an SVG opened on its own runs
 * nothing. Kept short because it travels with every asset (the pages' policy is 3 kB or more).
 */
export const STATIC_ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export function contentSecurityPolicy(options: { inlineScriptHashes: readonly string[]; analyticsOrigin: string | null }): string {
  return policyOf({ inlineScriptHashes: options.inlineScriptHashes, thirdPartyScripts: [...CAPTCHA_SCRIPTS, ...EMBED_SCRIPTS], frames: [...CAPTCHA_FRAMES, ...EMBED_FRAMES], analyticsOrigin: options.analyticsOrigin });
}

/**
 * The team pages' policy (/equipo/): they load no captcha, no social post and no analytics, so
 * none of those origins is allowed there, and they frame nothing.
 */
export function teamContentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  return policyOf({ inlineScriptHashes, thirdPartyScripts: [], frames: [], analyticsOrigin: null });
}

function policyOf(options: { inlineScriptHashes: readonly string[]; thirdPartyScripts: readonly string[]; frames: readonly string[]; analyticsOrigin: string | null }): string {
  const analytics = options.analyticsOrigin ? [options.analyticsOrigin] : [];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.inlineScriptHashes, ...options.thirdPartyScripts, ...analytics]],
    // Emotion (Chakra) writes <style> elements at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...analytics]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...analytics]],
    ['frame-src', options.frames.length > 0 ? [...options.frames] : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function securityHeaders(options: { csp: string; overTls: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': options.csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  // Browsers ignore HSTS over plain HTTP; sent only when this request came over TLS.
  if (options.overTls) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** The answers node:http leaves to clientError, by its error code; anything else is a 400. */
const CLIENT_ERRORS: Readonly<Record<string, { status: number; reason: string; message: string }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large.' },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: 'The request could not be read.' };

/**
 * Answers a request that never reached the router (slow headers or body, oversized headers,
 * unparseable HTTP) with the same headers and JSON shape as every other answer, then closes the
 * connection. No error code or input is echoed.
 */
export function answerClientError(error: { code?: string }, socket: Duplex, csp: string): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way cannot be replaced; the connection just ends.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status, reason, message } = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ error: message });
    const headers = {
      ...securityHeaders({ csp, overTls: 'encrypted' in socket }),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    // Closed once the answer is flushed, even if the client is still sending.
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    return;
  }
  socket.destroy();
}
