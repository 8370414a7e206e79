import { gt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, pendingUploads, stories } from '@/lib/db/schema';

/**
 * Which storage keys the database refers to, for the orphan sweep (sweep.ts).
 *
 * Where keys live (supabase/migrations): public.artworks, in its image columns (the display
 * image, both thumbnails, the private original) and possibly in any other column (og_image_url,
 * the JSON columns an AI helper fills); public.stories, in the cover's columns and the body's
 * images; app_private.pending_uploads, an upload issued but not yet saved. Nothing else stores one (logs_app may name files, but a log line is no reference).
 *
 * A key counts as referenced when it is mentioned anywhere in an artwork row, whatever the URL
 * around it: a row keeps its file even if the storage URL it was saved under has changed since
 * (another Supabase host name, /media/ versus an absolute URL). Reading too much as a reference
 * only keeps a file; reading too little would delete one a page still shows.
 */
export async function referencedKeys(
  database: Database,
  { pendingSince }: { pendingSince: Date },
): Promise<Set<string>> {
  // The sweep is housekeeping with no user behind it, like start-up: it reads the internal
  // columns (the original's key) and another admin's pending uploads on the privileged path.
  const texts = await asSystem(database, 'storage-sweep', (db) =>
    // One snapshot for both tables: a save moves an upload's reference from pending_uploads to
    // artworks in one transaction, so the files are seen in one place or the other, never neither.
    db.transaction(
      async (tx) => {
        const rows = await tx.select({ text: sql<string>`to_jsonb(${artworks})::text` }).from(artworks);
        // A story's cover, its srcset and the images in its body (docs/product.md, Stories).
        const storyRows = await tx
          .select({
            text: sql<string>`concat_ws(' ', ${stories.imageUrl}, ${stories.imageSrcset}, ${stories.content})`,
          })
          .from(stories);
        const pending = await tx
          .select({ files: pendingUploads.files, image: pendingUploads.image })
          .from(pendingUploads)
          .where(gt(pendingUploads.expiresAt, pendingSince));
        return [
          ...rows.map((row) => row.text),
          ...storyRows.map((row) => row.text),
          ...pending.flatMap((row) => [...row.files, JSON.stringify(row.image)]),
        ];
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  const keys = new Set<string>();
  for (const text of texts) addMentionedKeys(keys, text);
  return keys;
}

/** The characters a storage key may contain (lib/storage/local.ts isSafeKey). */
const KEY_RUN = /[a-z0-9._/-]+/g;

/**
 * Adds every key `text` may mention: each run of key characters, and each tail of it after a
 * '/' ("/media/a/b.webp" gives "a/b.webp" and "b.webp" among others), also after percent-decoding.
 */
export function addMentionedKeys(keys: Set<string>, text: string): void {
  scan(keys, text);
  if (text.includes('%'))
    scan(
      keys,
      text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}

function scan(keys: Set<string>, text: string) {
  for (const [run] of text.matchAll(KEY_RUN)) {
    keys.add(run);
    for (let slash = run.indexOf('/'); slash >= 0; slash = run.indexOf('/', slash + 1)) keys.add(run.slice(slash + 1));
  }
}
