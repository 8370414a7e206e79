// npm run storage:sweep [-- --apply] [--grace-minutes 60]
// Finds stored image files that no artwork and no pending upload refers to and that are older
// than the grace period (lib/storage/sweep.ts), and prints them; --apply removes them. Embedded
// mode opens DATA_DIR itself, so the server must be stopped (a running server sweeps once at
// start anyway); with DATABASE_URL (and Supabase Storage) it runs at any time.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '@/lib/database';
import { DataDirLockedError } from '@/lib/db/lock';
import { env } from '@/lib/env';
import { storage } from '@/lib/storage';
import { DEFAULT_GRACE_MS, sweepOrphans } from '@/lib/storage/sweep';
import { sweepReportLines } from '@/lib/storage/sweep-report';

const usage = 'Usage: npm run storage:sweep [-- --apply] [--grace-minutes N]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      apply: { type: 'boolean', default: false },
      'grace-minutes': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const graceMinutes =
    values['grace-minutes'] === undefined ? DEFAULT_GRACE_MS / 60_000 : Number(values['grace-minutes']);
  if (!Number.isFinite(graceMinutes) || graceMinutes < 0)
    throw new Error(`--grace-minutes must be a number of minutes, 0 or more\n${usage}`);

  const config = env();
  if (!config.DATABASE_URL) {
    const dataDir = path.resolve(process.cwd(), config.DATA_DIR);
    // Opening a DATA_DIR that holds no database would create and seed one: nothing to sweep.
    if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
      console.log(`No embedded database in ${dataDir}: nothing to sweep.`);
      return 0;
    }
  }
  const store = storage();
  let database;
  try {
    database = await openConfiguredDatabase();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(
        `${error.message}\nStop the server first: it sweeps once at start by itself, and only one process may open DATA_DIR.`,
      );
    }
    throw error;
  }
  try {
    const report = await sweepOrphans({
      database,
      storage: store,
      graceMs: graceMinutes * 60_000,
      apply: values.apply,
    });
    for (const line of sweepReportLines(report)) console.log(line);
    return report.errors.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
