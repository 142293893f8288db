/**
 * A static server for the export in out/ alone (no API), used by the e2e tests; `npm start` runs
 * the API server (src/server), which serves out/ the same way (src/server/staticSite.ts).
 * It serves what a CDN configured for this site would: pretty URLs with or without the trailing
 * slash, the Spanish 404 page for anything unknown, and JSON 404s under /api/ (no API here).
 *
 *   HOST=127.0.0.1 PORT=3000 tsx scripts/serve-static.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cacheControlFor, resolveStaticFile } from '../src/server/staticSite';
import { assertExportExists, outDir } from './export-files';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

function isFile(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isFile();
  } catch {
    return false;
  }
}

function sendFile(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  filePath: string,
  status: number,
  cacheControl: string,
): void {
  const stats = fs.statSync(filePath);
  const lastModified = stats.mtime.toUTCString();
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': contentTypeFor(filePath),
    'Content-Length': stats.size,
    'Cache-Control': cacheControl,
    'Last-Modified': lastModified,
    'X-Content-Type-Options': 'nosniff',
  };
  if (status === 200 && request.headers['if-modified-since'] === lastModified) {
    response.writeHead(304, { 'Cache-Control': cacheControl, 'Last-Modified': lastModified });
    response.end();
    return;
  }
  response.writeHead(status, headers);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  fs.createReadStream(filePath)
    .on('error', () => response.destroy())
    .pipe(response);
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
  });
  response.end(json);
}

export function createStaticServer(rootDir: string = outDir): http.Server {
  const notFoundPage = path.join(rootDir, '404.html');

  return http.createServer((request, response) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      sendJson(response, 400, { error: 'bad_request' });
      return;
    }

    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      sendJson(response, 404, { error: 'not_found' });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method Not Allowed\n');
      return;
    }

    const filePath = resolveStaticFile(rootDir, urlPath);
    if (filePath) {
      sendFile(request, response, filePath, 200, cacheControlFor(urlPath));
    } else if (isFile(notFoundPage)) {
      sendFile(request, response, notFoundPage, 404, 'no-cache');
    } else {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not Found\n');
    }
  });
}

/** Listens on HOST (default 127.0.0.1) and PORT (default 3000), as the e2e tests do. */
export function serveFromEnv(rootDir: string = outDir): http.Server {
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.PORT || 3000);
  const server = createStaticServer(rootDir);
  server.listen(port, host, () => {
    console.log(`Serving ${path.relative(process.cwd(), rootDir) || rootDir}/ at http://${host}:${port}`);
  });
  return server;
}

if (require.main === module) {
  try {
    assertExportExists();
  } catch (error) {
    console.error(`serve-static: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  serveFromEnv();
}
