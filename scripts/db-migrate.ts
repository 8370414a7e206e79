// npm run db:migrate — applies supabase/migrations to DATABASE_URL (or the embedded DATA_DIR).
import { openConfiguredDatabase } from '@/lib/database';
import { migrate } from '@/lib/db/migrate';

async function main() {
  const db = await openConfiguredDatabase();
  try {
    const applied = await migrate(db.runner);
    console.log(
      applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'Database is up to date.',
    );
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
