import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/lib/env';
import { KEY_FILE, loadServerSecret, readOrCreateKeyFile, subkey } from './server-key';

vi.stubEnv('LOG_LEVEL', 'silent');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-key-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the server key', () => {
  it('is AUTH_SECRET when set (at least 32 characters)', () => {
    const secret = 'a'.repeat(32);
    expect(loadServerSecret({ AUTH_SECRET: secret, DATABASE_URL: 'postgres://db/x', DATA_DIR: dir }).toString()).toBe(
      secret,
    );
    expect(() => parseEnv({ AUTH_SECRET: 'too short' })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ AUTH_SECRET: '' }).AUTH_SECRET).toBeUndefined();
  });

  it('is required with DATABASE_URL: several servers cannot each invent one', () => {
    expect(() => loadServerSecret({ AUTH_SECRET: undefined, DATABASE_URL: 'postgres://db/x', DATA_DIR: dir })).toThrow(
      /AUTH_SECRET is not set/,
    );
  });

  it('in embedded mode without AUTH_SECRET, is made once in DATA_DIR with mode 0600 and read back after', () => {
    const dataDir = path.join(dir, 'data');
    const first = loadServerSecret({ AUTH_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: dataDir });
    const file = path.join(dataDir, KEY_FILE);
    expect(first).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadServerSecret({ AUTH_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: dataDir }).equals(first)).toBe(
      true,
    );
    // Left readable by others (copied with cp -r, say): made private again.
    fs.chmodSync(file, 0o644);
    expect(readOrCreateKeyFile(file).equals(first)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, 'garbage');
    expect(() => readOrCreateKeyFile(file)).toThrow(/not a server key/);
  });

  it('gives each use its own subkey (HKDF), none of them the secret itself', () => {
    const secret = Buffer.alloc(32, 7);
    const keys = (['device-cookie', 'totp-secret', 'recovery-code'] as const).map((purpose) =>
      subkey(purpose, secret).toString('hex'),
    );
    expect(new Set([...keys, secret.toString('hex')]).size).toBe(4);
    expect(subkey('totp-secret', secret).toString('hex')).toBe(keys[1]);
    expect(subkey('totp-secret', Buffer.alloc(32, 8)).toString('hex')).not.toBe(keys[1]);
  });
});
