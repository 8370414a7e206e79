import type { SqlRunner } from '@/lib/db/port';
import { parseLocalRef } from '@/lib/storage/local';

/**
 * What a backed-up database holds that a backup must keep with it: its artworks, visitors'
 * messages, newsletter subscribers, stories, and the newsletter's letters and deliveries (counted,
 * so a restore can check them), and every
 * stored file it refers to (an artwork's image variants and original, a pending upload's
 * files, a story's cover and the images in its body), as archive paths `uploads/{public,private}/<key>`. Read from a private copy of the
 * snapshot, as the database's owner.
 */
export type DatabaseContents = {
  artworks: number;
  messages: number;
  subscribers: number;
  stories: number;
  letters: number;
  deliveries: number;
  files: string[];
};

export const uploadPath = (visibility: 'public' | 'private', key: string) => `uploads/${visibility}/${key}`;

export async function databaseContents(runner: SqlRunner): Promise<DatabaseContents> {
  const artworks = await runner.query<Record<string, string | null>>(
    'select image_url, image_thumb_400_url, image_thumb_800_url, image_original_url, og_image_url from public.artworks',
  );
  const [pendingTable] = await runner.query<{ present: boolean }>(
    `select to_regclass('app_private.pending_uploads') is not null as present`,
  );
  const pending = pendingTable?.present
    ? await runner.query<{ file: string }>('select unnest(files) as file from app_private.pending_uploads')
    : [];
  const refs = [...artworks.flatMap((row) => Object.values(row)), ...pending.map((row) => row.file)];
  // Visitors' messages and subscribers (docs/product.md, Messages), counted where the database has
  // them.
  const rows = async (table: string) => {
    const [present] = await runner.query<{ present: boolean }>(`select to_regclass('${table}') is not null as present`);
    return present?.present
      ? Number((await runner.query<{ n: number | string }>(`select count(*) as n from ${table}`))[0]?.n ?? 0)
      : 0;
  };
  const messages = await rows('app_private.messages');
  const subscribers = await rows('app_private.subscribers');
  // Stories (docs/product.md, Stories): their cover, its srcset and the body's images name /media/
  // addresses.
  const stories = await rows('public.stories');
  if (stories > 0) {
    const texts = await runner.query<{ text: string }>(
      `select concat_ws(' ', image_url, image_srcset, content) as text from public.stories`,
    );
    for (const { text } of texts) refs.push(...(text.match(/\/media\/[^\s"'<>,)]+/g) ?? []));
  }
  // The newsletter's letters (docs/product.md, Letters) and whom each went to: a letter's body
  // names the paintings' images and may name other /media/ files.
  const letters = await rows('app_private.newsletter_letters');
  const deliveries = await rows('app_private.newsletter_deliveries');
  if (letters > 0) {
    const texts = await runner.query<{ text: string }>('select content as text from app_private.newsletter_letters');
    for (const { text } of texts) refs.push(...(text.match(/\/media\/[^\s"'<>,)]+/g) ?? []));
  }
  const files = new Set<string>();
  for (const ref of refs) {
    const local = ref ? parseLocalRef(ref) : undefined;
    if (local) files.add(uploadPath(local.visibility, local.key));
  }
  return {
    artworks: artworks.length,
    messages,
    subscribers,
    stories,
    letters,
    deliveries,
    files: [...files].sort(),
  };
}
