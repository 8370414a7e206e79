import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate';
import { pgliteRunner } from './sql-runner';

/**
 * A freshly migrated PGlite data directory as a gzipped tarball, cached by the content of the
 * migrations. Cloning it (~0.5 s) is much cheaper than creating and migrating (~3.5 s): tests,
 * builds and first starts all begin from it.
 */
function fingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const dir of ['supabase/shim', 'supabase/migrations']) {
    const full = path.join(/*turbopackIgnore: true*/ process.cwd(), dir);
    for (const file of fs.readdirSync(full).sort()) {
      hash.update(file).update(fs.readFileSync(path.join(full, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export async function migratedSnapshot(): Promise<Blob> {
  const cacheDir = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', '.cache', 'watercolour-db');
  const file = path.join(cacheDir, `migrated-${fingerprint()}.tar.gz`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);

  const pg = await PGlite.create();
  try {
    await migrate(pgliteRunner(pg));
    const dump = await pg.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(cacheDir, { recursive: true });
    // Write then rename: concurrent builders never read a half-written snapshot.
    const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
    return new Blob([bytes]);
  } finally {
    await pg.close();
  }
}
