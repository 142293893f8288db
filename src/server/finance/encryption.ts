import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseFinanceKey, type FinanceKey, type ServerConfig } from '../config';

/**
 * Payment details at rest: AES-256-GCM from node:crypto, a random 96-bit IV per message, the
 * 128-bit authentication tag stored beside the ciphertext, and additional authenticated data that
 * ties a ciphertext to its row (a ciphertext copied to another row does not decrypt). Every
 * ciphertext names the id of its key, so former keys can still be read while rows are re-encrypted.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type FinanceKeyring = {
  /** New ciphertexts are sealed under this key. */
  readonly current: FinanceKey;
  /** Every key that may open a ciphertext, by id (the current one included). */
  readonly byId: ReadonlyMap<string, Buffer>;
};

export type Sealed = { readonly ciphertext: Buffer; readonly iv: Buffer; readonly authTag: Buffer; readonly keyId: string };

/** A ciphertext that cannot be opened: its key is not configured, or it (or its row binding) was altered. */
export class FinanceDecryptionError extends Error {}

export function financeKeyring(current: FinanceKey, old: readonly FinanceKey[] = []): FinanceKeyring {
  const byId = new Map<string, Buffer>();
  for (const { id, key } of [current, ...old]) if (!byId.has(id)) byId.set(id, key);
  return { current, byId };
}

export function seal(keyring: FinanceKeyring, plaintext: string, associatedData: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyId: keyring.current.id };
}

export function open(keyring: FinanceKeyring, sealed: Sealed, associatedData: string): string {
  const key = keyring.byId.get(sealed.keyId);
  if (!key) throw new FinanceDecryptionError(`no configured key has the id '${sealed.keyId}' (add it to FINANCE_ENCRYPTION_OLD_KEYS)`);
  if (sealed.iv.length !== IV_BYTES || sealed.authTag.length !== TAG_BYTES) throw new FinanceDecryptionError('the stored IV or authentication tag has the wrong length');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, sealed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(sealed.authTag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new FinanceDecryptionError('authentication failed: the ciphertext, its tag or its row was altered, or the key is wrong');
  }
}

/** Where a key is generated outside production when FINANCE_ENCRYPTION_KEY is unset. */
export const LOCAL_KEY_FILE = 'finance.key';

export type ResolvedFinanceKeys = {
  readonly keyring: FinanceKeyring;
  /** The local key file in use (FINANCE_ENCRYPTION_KEY unset, outside production), else null. */
  readonly localKeyFile: string | null;
  /** True when that file was created just now. */
  readonly generated: boolean;
};

/**
 * The configured keys; outside production without FINANCE_ENCRYPTION_KEY, a random key kept in
 * DATA_DIR/finance.key (mode 0600), generated on first use. Never a key written in the code: a
 * fixed default would protect nothing. (loadConfig already refused production without the key.)
 */
export function resolveFinanceKeys(config: Pick<ServerConfig, 'financeKey' | 'financeOldKeys' | 'dataDir'>): ResolvedFinanceKeys {
  if (config.financeKey) return { keyring: financeKeyring(config.financeKey, config.financeOldKeys), localKeyFile: null, generated: false };
  const file = path.join(config.dataDir, LOCAL_KEY_FILE);
  let generated = false;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const line = `local-${randomBytes(4).toString('hex')}:${randomBytes(32).toString('base64')}\n`;
    try {
      // 'wx': two processes starting at once keep whichever file was written first.
      fs.writeFileSync(file, line, { mode: 0o600, flag: 'wx' });
      generated = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const local = parseFinanceKey(fs.readFileSync(file, 'utf8'), file);
  return { keyring: financeKeyring(local, config.financeOldKeys), localKeyFile: file, generated };
}
