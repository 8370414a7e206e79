// npm run restore -- <archive.tar.gz>
// Restores a backup made by `npm run backup` into DATA_DIR, with the server stopped. The current
// database and files are kept in DATA_DIR/before-restore-<time>/. See lib/backup/restore.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedDataDir } from '@/lib/backup/data-dir';
import { restoreBackup } from '@/lib/backup/restore';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error('Usage: npm run restore -- <archive.tar.gz>');
  const dataDir = embeddedDataDir('restore');
  const result = await restoreBackup({ archive: path.resolve(positionals[0]!), dataDir });
  console.log(
    `Restored ${result.artworks} artworks and ${result.files} files (backup of ${result.createdAt}) into\n  ${result.dataDir}`,
  );
  if (result.previous)
    console.log(
      `The previous database and files are kept in\n  ${result.previous}\n(delete that folder once the restored site looks right).`,
    );
  if (result.missing.length)
    console.warn(`Warning: ${result.missing.length} file(s) were already missing when the backup was taken.`);
  console.log('Start the server: it applies any newer migrations to the restored database.');
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
