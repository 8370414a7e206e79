// npm run db:seed — inserts the demo artworks (existing slugs are left alone) and their images.
import { openConfiguredDatabase } from '@/lib/database';
import { env } from '@/lib/env';
import { seedDatabase } from '@/lib/seed/seed';
import { storage } from '@/lib/storage';
import { localStorageRoot } from '@/lib/storage/local';

async function main() {
  const db = await openConfiguredDatabase();
  try {
    const local = env().storageAdapter === 'local';
    // Supabase mode: the images go to the project's public bucket, the rows store their URLs.
    const inserted = await seedDatabase(
      db,
      local ? { files: true, storageRoot: localStorageRoot() } : { files: false, storage: storage() },
    );
    console.log(`Seeded ${inserted} artwork(s).`);
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
