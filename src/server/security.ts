import { createHash } from 'node:crypto';
import fs from 'node:fs';
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

/** Hashes ('sha256-…') of the inline executable scripts in the export's HTML files. */
export function inlineScriptHashes(outDir: string): string[] {
  const hashes = new Set<string>();
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
        const html = fs.readFileSync(full, 'utf8');
        for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
          const [, attributes = '', body = ''] = match;
          // External scripts are allowed by origin; JSON data blocks are never executed.
          if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes) || body === '') continue;
          hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        }
      }
    }
  };
  visit(outDir);
  return [...hashes].sort();
}

export function contentSecurityPolicy(options: { inlineScriptHashes: readonly string[]; analyticsOrigin: string | null }): string {
  const analytics = options.analyticsOrigin ? [options.analyticsOrigin] : [];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.inlineScriptHashes, ...CAPTCHA_SCRIPTS, ...EMBED_SCRIPTS, ...analytics]],
    // Emotion (Chakra) writes <style> elements at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...analytics]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...analytics]],
    ['frame-src', [...CAPTCHA_FRAMES, ...EMBED_FRAMES]],
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
