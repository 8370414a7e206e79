import { and, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { stories } from '@/lib/db/schema';

/** A story the SEO retrofit would fill in. */
export type StoryRetrofitCandidate = { id: string; title: string; status: string };

const blank = (column: typeof stories.excerpt | typeof stories.metaTitle | typeof stories.metaDescription): SQL =>
  sql`btrim(${column}) = ''`;

/**
 * The retrofit's story candidates: an excerpt, a meta title or a meta description empty, and
 * some text to write them from (a story that is only a title has nothing yet). Oldest first.
 */
export async function listStoryRetrofitCandidates(tx: Tx): Promise<StoryRetrofitCandidate[]> {
  return tx
    .select({ id: stories.id, title: stories.title, status: stories.status })
    .from(stories)
    .where(
      and(
        or(blank(stories.excerpt), blank(stories.metaTitle), blank(stories.metaDescription)),
        ne(sql`btrim(${stories.content})`, ''),
      ),
    )
    .orderBy(stories.createdAt, stories.id);
}
