import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * DATA_DIR holds every application, the passkeys table and the local finance key: only the account
 * that runs the server may read or change it. Folders are 0700 and files 0600, whatever the umask
 * the process was started with. PGlite writes the files of a new database with mode 0666 itself
 * (what it unpacks ignores the umask), so the folder is tightened both before and after it opens.
 */

export class DataDirNotPrivateError extends Error {}

const PRIVATE_DIR = 0o700;
const OWNER_BITS = 0o700;
/** Anything the group or others may do. */
const SHARED_BITS = 0o077;

/**
 * Files and folders this process creates from now on are owner-only: the database files PostgreSQL
 * adds while it runs, the lock file, backups. Called before anything is written.
 */
export function privateUmask(): void {
  // A worker thread may not change the process's umask; the chmod passes below still apply there.
  if (isMainThread) process.umask(SHARED_BITS);
}

/**
 * Creates DATA_DIR when missing and makes it and everything in it owner-only (symbolic links are
 * not followed: their targets are not ours to change). Returns how many entries it had to
 * tighten; throws DataDirNotPrivateError when one cannot be made private (owned by another
 * account, a file system without Unix modes…), so the server refuses to start on it.
 */
export function makeDataDirPrivate(dataDir: string): number {
  privateUmask();
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  } catch (error) {
    throw new DataDirNotPrivateError(`Cannot create ${dataDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  let tightened = 0;
  const tighten = (entry: string, root = false): void => {
    let stats: fs.Stats;
    try {
      // DATA_DIR itself may be a link to the real folder (/srv/academy/data -> /mnt/data): that one is ours.
      stats = root ? fs.statSync(entry) : fs.lstatSync(entry);
    } catch (error) {
      // Removed meanwhile (a WAL segment recycled by the running database): nothing left to protect.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stats.isSymbolicLink()) return;
    // Only the group's and others' bits go: a file keeps its owner's (0666 -> 0600, 0644 -> 0600).
    if ((stats.mode & SHARED_BITS) !== 0) {
      try {
        fs.chmodSync(entry, stats.isDirectory() ? PRIVATE_DIR : stats.mode & OWNER_BITS);
      } catch (error) {
        throw new DataDirNotPrivateError(`Cannot make ${entry} private (${(error as NodeJS.ErrnoException).code ?? 'chmod failed'}): DATA_DIR must belong to the account that runs the server.`);
      }
      const after = (root ? fs.statSync(entry) : fs.lstatSync(entry)).mode;
      if ((after & SHARED_BITS) !== 0) {
        throw new DataDirNotPrivateError(`${entry} stays readable by other accounts (mode ${(after & 0o777).toString(8)}) after chmod: put DATA_DIR on a file system with Unix permissions.`);
      }
      tightened += 1;
    }
    if (stats.isDirectory()) for (const name of fs.readdirSync(entry)) tighten(path.join(entry, name));
  };
  tighten(dataDir, true);
  return tightened;
}
