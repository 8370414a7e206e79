/**
 * Stands in for a running embedded server in lib/backup/backup.test.ts: opens DATA_DIR as the
 * server does (lock, migrate, seed with files), answers backup requests as lib/startup/server.ts
 * has it do, and keeps the admin busy: adds an artwork every few milliseconds (files first, then the
 * row, as an upload and its save do) and deletes the oldest now and then (row first, then its
 * files, as a delete does). Prints `ready` once it is writing; stops on SIGTERM. With
 * `--silent`, it only holds DATA_DIR, as a server from before backups or `npm run users` would.
 */
import { eq, like } from 'drizzle-orm';
import { serveLiveBackups } from '@/lib/backup/live';
import { openConfiguredDatabase } from '@/lib/database';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localStorageRoot, mediaUrl, writeLocalFile } from '@/lib/storage/local';
import { createLocalStorage } from '@/lib/storage/local-adapter';
import { privateRef } from '@/lib/storage/port';

/** What a churn file holds (lib/backup/backup.test.ts checks restored files against it). */
const churnBytes = (key: string) => Buffer.from(`churn file ${key}`);

async function main() {
  const db = await openConfiguredDatabase({ closeOnSignal: true });
  if (process.argv.includes('--silent')) {
    setInterval(() => {}, 60_000); // held open until SIGTERM
    return console.log('ready');
  }
  serveLiveBackups(db, env().DATA_DIR);
  const root = localStorageRoot();
  const storage = createLocalStorage(root);
  let stopping = false;
  process.once('SIGTERM', () => (stopping = true));
  for (let n = 1; !stopping; n++) {
    try {
      const display = `churn/${n}/display.webp`;
      const original = `churn/${n}/original.jpg`;
      await writeLocalFile(root, 'public', display, churnBytes(display));
      await writeLocalFile(root, 'private', original, churnBytes(original));
      await asSystem(db, 'test-setup', (sys) =>
        sys.insert(artworks).values({
          title: `Churn ${n}`,
          slug: `churn-${n}`,
          imageUrl: mediaUrl(display),
          imageOriginalUrl: privateRef(original),
        }),
      );
      if (n % 3 === 0) {
        const [oldest] = await asSystem(db, 'test-setup', (sys) =>
          sys
            .select({ id: artworks.id, imageUrl: artworks.imageUrl, imageOriginalUrl: artworks.imageOriginalUrl })
            .from(artworks)
            .where(like(artworks.slug, 'churn-%'))
            .orderBy(artworks.createdAt)
            .limit(1),
        );
        await asSystem(db, 'test-setup', (sys) => sys.delete(artworks).where(eq(artworks.id, oldest!.id)));
        await storage.remove([oldest!.imageUrl!, oldest!.imageOriginalUrl!]);
      }
      if (n === 5) console.log('ready');
    } catch (error) {
      if (!stopping) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
