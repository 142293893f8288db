/**
 * The build's snapshot of /becas-otorgadas/: scripts/open-books-snapshot.ts writes it before
 * `next build` (from the database the server would use), and the page's getStaticProps reads it, so
 * it reaches the browser as the page's JSON props, never in its JavaScript. Node only (build time).
 * A missing or unreadable file is an empty list dated now: the page then says nothing is published yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedGrantList } from '../api/contracts/openBooks';

/** Beside the build's other outputs, out of git (.gitignore: /.build/). */
export const OPEN_BOOKS_SNAPSHOT_FILE = path.join('.build', 'open-books-snapshot.json');

export const emptySnapshot = (now: Date): PublishedGrantList => ({ generatedAt: now.toISOString(), grants: [] });

export function readOpenBooksSnapshot(projectDir: string = process.cwd(), now: Date = new Date()): PublishedGrantList {
  try {
    const body = JSON.parse(fs.readFileSync(path.join(projectDir, OPEN_BOOKS_SNAPSHOT_FILE), 'utf8')) as Partial<PublishedGrantList>;
    if (typeof body.generatedAt !== 'string' || !Array.isArray(body.grants)) return emptySnapshot(now);
    return { generatedAt: body.generatedAt, grants: body.grants };
  } catch {
    return emptySnapshot(now);
  }
}
