import fs from 'node:fs';
import path from 'node:path';
import { isSafeKey } from '@/lib/storage/local';
import { uploadPath } from './contents';

// Temporary names of files still being written (lib/storage/local.ts writeLocalFile).
const IN_FLIGHT = /\.[0-9a-f-]{36}\.tmp$/;

/**
 * Every stored file under an uploads folder (`{public,private}/<key>`), as archive paths
 * (`uploads/public/<key>`) and where it is. Regular files only: never a symlink out of the folder.
 */
export function listUploads(uploadsRoot: string): { entry: string; file: string }[] {
  const found: { entry: string; file: string }[] = [];
  for (const visibility of ['public', 'private'] as const) {
    const root = path.join(/*turbopackIgnore: true*/ uploadsRoot, visibility);
    if (!fs.existsSync(/*turbopackIgnore: true*/ root)) continue;
    for (const dirent of fs.readdirSync(/*turbopackIgnore: true*/ root, { recursive: true, withFileTypes: true })) {
      if (!dirent.isFile()) continue;
      const file = path.join(/*turbopackIgnore: true*/ dirent.parentPath, dirent.name);
      const key = path.relative(root, file).split(path.sep).join('/');
      if (isSafeKey(key) && !IN_FLIGHT.test(key)) found.push({ entry: uploadPath(visibility, key), file });
    }
  }
  return found.sort((a, b) => a.entry.localeCompare(b.entry));
}
