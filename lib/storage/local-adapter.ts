import fs from 'node:fs/promises';
import { PRIVATE_PREFIX, privateRef, type RemoveResult, type StoragePort } from './port';
import { isSafeKey, localPath, localStorageRoot, mediaUrl, removeLocalFile, writeLocalFile, type Visibility } from './local';

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

/**
 * Local-disk adapter: public files under {root}/public (served by /media), private originals
 * under {root}/private (never served). `root` defaults to DATA_DIR/uploads.
 */
export function createLocalStorage(root: string = localStorageRoot()): StoragePort {
  return {
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

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
