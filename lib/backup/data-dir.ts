import path from 'node:path';
import { env } from '@/lib/env';

/** The embedded DATA_DIR the scripts work on, resolved as the server resolves it (lib/database/index.ts). */
export function embeddedDataDir(command: 'backup' | 'restore'): string {
  const config = env();
  if (config.DATABASE_URL) {
    throw new Error(
      `npm run ${command} is for the embedded mode (DATA_DIR). With DATABASE_URL the data lives in that Postgres server and its storage: ` +
        'see "Backups" in docs/operations.md (supabase db dump or pg_dump, and a copy of the storage buckets).',
    );
  }
  return path.resolve(process.cwd(), config.DATA_DIR);
}
