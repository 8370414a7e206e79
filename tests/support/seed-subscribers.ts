// Confirmed newsletter subscribers for a browser test or a benchmark, written straight into the
// database at DATA_DIR (or DATABASE_URL) while no server has it open:
//   DATA_DIR=… tsx tests/support/seed-subscribers.ts <count> <address prefix>
// Addresses are `<prefix>-<n>@example.com` (n from 1), each confirmed now with a code of its own.
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '@/lib/database';
import { asSystem } from '@/lib/db/roles';

async function main() {
  const [count, prefix] = [Number(process.argv[2]), process.argv[3]];
  if (!Number.isInteger(count) || count < 1 || !prefix) throw new Error('usage: seed-subscribers <count> <prefix>');
  const db = await openConfiguredDatabase();
  try {
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`
        insert into app_private.subscribers (email, name, consent, status, confirmed_at, discount_code)
        select ${prefix} || '-' || n || '@example.com', 'Reader ' || n, 'Seeded for a test', 'confirmed', now(),
               'SEED-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))
        from generate_series(1, ${count}::int) as n
        on conflict (email) do nothing`),
    );
    console.log(`seeded ${count} confirmed subscribers (${prefix}-1 … ${prefix}-${count}@example.com)`);
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
