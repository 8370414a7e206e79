import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env, type Env } from '@/lib/env';
import { logger } from '@/lib/log/logger';

/**
 * The server's one secret, from which each use derives its own key (HKDF-SHA256), so no two
 * uses share a key: device cookies are signed with one, two-factor secrets encrypted with
 * another, recovery codes peppered with a third. AUTH_SECRET when set (every server of a
 * deployment must share it); in embedded mode without it, 32 random bytes made once in
 * DATA_DIR/auth-secret (mode 0600). With DATABASE_URL and no AUTH_SECRET there is no key: the
 * servers would each invent their own.
 */
export type KeyPurpose =
  | 'device-cookie'
  | 'totp-secret'
  | 'recovery-code'
  | 'message-sender'
  | 'message-form'
  | 'shop-cart'
  | 'checkout-visitor'
  | 'discount-visitor';

export const KEY_FILE = 'auth-secret';

let cached: Buffer | undefined;

export function serverSecret(): Buffer {
  cached ??= loadServerSecret(env());
  return cached;
}

export function subkey(purpose: KeyPurpose, secret: Buffer = serverSecret()): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `watercolour ${purpose} v1`, 32));
}

export function loadServerSecret(config: Pick<Env, 'AUTH_SECRET' | 'DATABASE_URL' | 'DATA_DIR'>): Buffer {
  if (config.AUTH_SECRET) return Buffer.from(config.AUTH_SECRET, 'utf8');
  if (config.DATABASE_URL) {
    throw new Error(
      'AUTH_SECRET is not set. With DATABASE_URL every server must share one secret (for example `openssl rand -base64 32`): it signs device cookies and encrypts two-factor secrets.',
    );
  }
  return readOrCreateKeyFile(
    path.join(path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.DATA_DIR), KEY_FILE),
  );
}

/**
 * Reads the key file, making it first if it does not exist. Made under a temporary name and
 * hard-linked into place, so a reader never sees a half-written key and two starters agree.
 */
export function readOrCreateKeyFile(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
      logger.info({ feature: 'auth', file }, 'made a new server key');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) {
    fs.chmodSync(file, 0o600);
    logger.warn(
      { feature: 'auth', file, mode: mode.toString(8) },
      'the server key was readable by others: set to 0600',
    );
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new Error(
      `${file} is not a server key (32 bytes, base64). Remove it to make a new one; two-factor secrets encrypted with the old key are then lost.`,
    );
  return key;
}
