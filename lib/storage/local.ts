import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';
import { PRIVATE_PREFIX } from './port';

/**
 * Local-disk storage under DATA_DIR/uploads: `public/` is served by the /media route handler,
 * `private/` (uploaded originals, which may carry camera and GPS metadata) never is.
 */
export type Visibility = 'public' | 'private';

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function localStorageRoot(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env().DATA_DIR, 'uploads');
}

export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.') && key.length <= 400;
}

export function localPath(root: string, visibility: Visibility, key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  const base = path.join(root, visibility);
  const full = path.join(base, key);
  if (!full.startsWith(base + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  return full;
}

export const mediaUrl = (key: string) => `/media/${key}`;

const MEDIA_PREFIX = '/media/';

/** Maps a stored URL or reference back to where it lives; undefined when it is not ours. */
export function parseLocalRef(urlOrRef: string): { visibility: Visibility; key: string } | undefined {
  let visibility: Visibility;
  let key: string;
  if (urlOrRef.startsWith(MEDIA_PREFIX)) {
    visibility = 'public';
    key = urlOrRef.slice(MEDIA_PREFIX.length);
  } else if (urlOrRef.startsWith(PRIVATE_PREFIX)) {
    visibility = 'private';
    key = urlOrRef.slice(PRIVATE_PREFIX.length);
  } else {
    return undefined;
  }
  return isSafeKey(key) ? { visibility, key } : undefined;
}

/** Writes atomically: a reader sees the old file or the whole new one, never half. */
export async function writeLocalFile(
  root: string,
  visibility: Visibility,
  key: string,
  data: Uint8Array,
): Promise<void> {
  const target = localPath(root, visibility, key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.${crypto.randomUUID()}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, target);
  } catch (error) {
    // A failed write (disk full, permissions) must not leave a half-written temp file behind.
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

export async function removeLocalFile(
  root: string,
  visibility: Visibility,
  key: string,
): Promise<'removed' | 'not-found'> {
  try {
    await fs.unlink(localPath(root, visibility, key));
    return 'removed';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'not-found';
    throw error;
  }
}
