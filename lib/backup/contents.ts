import type { SqlRunner } from '@/lib/db/sql-runner';
import { parseLocalRef } from '@/lib/storage/local-adapter';

/**
 * What a backed-up database holds that a backup must keep with it: its artworks, and every
 * stored file it refers to (an artwork's image variants and original, a pending upload's
 * files), as archive paths `uploads/{public,private}/<key>`. Read from a private copy of the
 * snapshot, as the database's owner.
 */
export type DatabaseContents = { artworks: number; files: string[] };

export const uploadPath = (visibility: 'public' | 'private', key: string) => `uploads/${visibility}/${key}`;

export async function databaseContents(runner: SqlRunner): Promise<DatabaseContents> {
  const artworks = await runner.query<Record<string, string | null>>(
    'select image_url, image_thumb_400_url, image_thumb_800_url, image_original_url, og_image_url from public.artworks',
  );
  const [pendingTable] = await runner.query<{ present: boolean }>(`select to_regclass('app_private.pending_uploads') is not null as present`);
  const pending = pendingTable?.present ? await runner.query<{ file: string }>('select unnest(files) as file from app_private.pending_uploads') : [];
  const refs = [...artworks.flatMap((row) => Object.values(row)), ...pending.map((row) => row.file)];
  const files = new Set<string>();
  for (const ref of refs) {
    const local = ref ? parseLocalRef(ref) : undefined;
    if (local) files.add(uploadPath(local.visibility, local.key));
  }
  return { artworks: artworks.length, files: [...files].sort() };
}
