// npm run backup [-- <archive.tar.gz>]
// The embedded database and uploaded files in one archive, consistent, with the server running
// (it sends a snapshot over DATA_DIR/backup.sock) or stopped. Default archive:
// <DATA_DIR>-backups/backup-<time>.tar.gz. See lib/backup/backup.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '@/lib/backup/backup';
import { embeddedDataDir } from '@/lib/backup/data-dir';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new Error('Usage: npm run backup [-- <archive.tar.gz>]');
  const dataDir = embeddedDataDir('backup');
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const out = path.resolve(positionals[0] ?? path.join(`${dataDir}-backups`, `backup-${stamp}.tar.gz`));
  const result = await createBackup({ dataDir, out });
  const from = result.source === 'live' ? 'from the running server' : 'with no server running';
  console.log(
    `Backed up ${result.artworks} artworks and ${result.files} files (${(result.bytes / 1e6).toFixed(1)} MB), ${from}, to\n  ${result.file}`,
  );
  if (result.missing.length) {
    console.warn(
      `Warning: ${result.missing.length} file(s) the database refers to are missing from DATA_DIR itself, so from the backup too:\n  ${result.missing.join('\n  ')}`,
    );
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
