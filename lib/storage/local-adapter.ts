import fs from 'node:fs/promises';
import path from 'node:path';
import { privateRef, type RemoveResult, type StorageInventory, type StoragePort, type StoredFile } from './port';
import {
  isSafeKey,
  localPath,
  localStorageRoot,
  mediaUrl,
  parseLocalRef,
  removeLocalFile,
  writeLocalFile,
  type Visibility,
} from './local';

// The adapter's mapping of its addresses, kept in ./local.ts so backups (lib/backup/contents.ts)
// read stored addresses without loading the storage port's index and its Supabase client.
export { parseLocalRef };

/**
 * Local-disk adapter: public files under {root}/public (served by /media), private originals
 * under {root}/private (never served). `root` defaults to DATA_DIR/uploads.
 */
export function createLocalStorage(root: string = localStorageRoot()): StoragePort & StorageInventory {
  return {
    async *list() {
      yield* listLocalFiles(root, 'public');
      yield* listLocalFiles(root, 'private');
    },
    async putPublic(key, data) {
      await writeLocalFile(root, 'public', key, data);
      return mediaUrl(key);
    },
    async putPrivate(key, data) {
      await writeLocalFile(root, 'private', key, data);
      return privateRef(key);
    },
    async remove(urlsOrRefs) {
      const result: RemoveResult = { removed: [], notFound: [], refused: [] };
      for (const item of urlsOrRefs) {
        const target = parseLocalRef(item);
        if (!target) {
          result.refused.push(item);
          continue;
        }
        const outcome = await removeLocalFile(root, target.visibility, target.key);
        (outcome === 'removed' ? result.removed : result.notFound).push(item);
      }
      return result;
    },
    async readPublic(url) {
      const target = parseLocalRef(safeDecode(url));
      if (target?.visibility !== 'public') return null;
      return fs.readFile(localPath(root, 'public', target.key)).then(
        (data) => new Uint8Array(data),
        () => null,
      );
    },
  };
}

/** Every regular file under {root}/{visibility}, symbolic links not followed. */
async function* listLocalFiles(root: string, visibility: Visibility): AsyncGenerator<StoredFile> {
  const base = path.join(root, visibility);
  const entries = await fs
    .readdir(base, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(base, full).split(path.sep).join('/');
    // Gone since the directory was read (removed by a save or another sweep): nothing to list.
    const stat = await fs.lstat(full).catch(() => null);
    if (!stat) continue;
    // Every write lands as a new file (written, then renamed into place): its mtime is when.
    const modifiedAt = stat.mtime;
    const ref = isSafeKey(key) ? (visibility === 'public' ? mediaUrl(key) : privateRef(key)) : null;
    yield { ref, key, visibility, size: stat.size, modifiedAt };
  }
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
