import { and, desc, eq, ilike, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { artworks, stories, type NewStoryRow, type StoryRow } from '@/lib/db/schema';

/**
 * Stories (migration stories). Public reads run as the visitor: the row policy shows a story
 * only once it is published and its time has come, so these queries need no filter of their
 * own for that, and a scheduled story cannot leak through them.
 */

export type PublicStoryRow = Omit<StoryRow, 'announcedAt' | 'version'>;

const publicColumns = {
  id: stories.id,
  slug: stories.slug,
  title: stories.title,
  category: stories.category,
  excerpt: stories.excerpt,
  content: stories.content,
  imageUrl: stories.imageUrl,
  imageSrcset: stories.imageSrcset,
  imageWidth: stories.imageWidth,
  imageHeight: stories.imageHeight,
  imageAlt: stories.imageAlt,
  metaTitle: stories.metaTitle,
  metaDescription: stories.metaDescription,
  author: stories.author,
  profileImage: stories.profileImage,
  tags: stories.tags,
  status: stories.status,
  publishedAt: stories.publishedAt,
  createdAt: stories.createdAt,
  updatedAt: stories.updatedAt,
};

/** Published stories the reader may see, newest first (ties by title, so the order is stable). */
export function listVisibleStories(tx: Tx): Promise<PublicStoryRow[]> {
  return tx
    .select(publicColumns)
    .from(stories)
    .where(eq(stories.status, 'published'))
    .orderBy(desc(stories.publishedAt), stories.title);
}

export async function getVisibleStoryBySlug(tx: Tx, slug: string): Promise<PublicStoryRow | null> {
  const [row] = await tx
    .select(publicColumns)
    .from(stories)
    .where(and(eq(stories.slug, slug), eq(stories.status, 'published')))
    .limit(1);
  return row ?? null;
}

export type StoryListItem = Pick<
  StoryRow,
  'id' | 'slug' | 'title' | 'category' | 'status' | 'publishedAt' | 'updatedAt'
>;

/** The admin's list: every story, newest first (drafts by their last change), optionally searched by title. */
export function listStoriesForAdmin(tx: Tx, search = ''): Promise<StoryListItem[]> {
  const query = search.trim();
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select({
      id: stories.id,
      slug: stories.slug,
      title: stories.title,
      category: stories.category,
      status: stories.status,
      publishedAt: stories.publishedAt,
      updatedAt: stories.updatedAt,
    })
    .from(stories)
    .where(query ? or(ilike(stories.title, pattern), ilike(stories.slug, pattern)) : undefined)
    .orderBy(desc(sql`coalesce(${stories.publishedAt}, ${stories.updatedAt})`), desc(stories.updatedAt))
    .limit(500);
}

export async function getStoryById(tx: Tx, id: string): Promise<StoryRow | null> {
  const [row] = await tx.select().from(stories).where(eq(stories.id, id)).limit(1);
  return row ?? null;
}

export async function isStorySlugTaken(tx: Tx, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: stories.id })
    .from(stories)
    .where(exceptId ? and(eq(stories.slug, slug), ne(stories.id, exceptId)) : eq(stories.slug, slug))
    .limit(1);
  return Boolean(row);
}

export async function insertStory(tx: Tx, values: NewStoryRow): Promise<StoryRow> {
  const [row] = await tx.insert(stories).values(values).returning();
  return row!;
}

/** Updates the story only if it is still at `version`; null when it is not (or is gone). */
export async function updateStoryAtVersion(
  tx: Tx,
  id: string,
  version: number,
  values: Partial<NewStoryRow>,
): Promise<StoryRow | null> {
  const [row] = await tx
    .update(stories)
    .set({ ...values, version: sql`${stories.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(stories.id, id), eq(stories.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteStoryById(tx: Tx, id: string): Promise<StoryRow | null> {
  const [row] = await tx.delete(stories).where(eq(stories.id, id)).returning();
  return row ?? null;
}

/** Published stories whose time has come but whose publication was not announced yet. */
export function dueUnannouncedStories(tx: Tx): Promise<Pick<StoryRow, 'id' | 'slug'>[]> {
  return tx
    .select({ id: stories.id, slug: stories.slug })
    .from(stories)
    .where(and(eq(stories.status, 'published'), isNull(stories.announcedAt), lte(stories.publishedAt, sql`now()`)));
}

export async function markStoriesAnnounced(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(stories)
    .set({ announcedAt: sql`now()` })
    .where(sql`${stories.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
}

/** Published artworks for the editor's "Insert a painting": matching the title, newest first. */
export async function findArtworksForStory(tx: Tx, query: string, limit = 12) {
  const text = query.trim();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select({
      id: artworks.id,
      title: artworks.title,
      slug: artworks.slug,
      category: artworks.category,
      thumbUrl: sql<string>`coalesce(${artworks.imageThumb400Url}, ${artworks.imageUrl})`,
      width: artworks.imageWidth,
      height: artworks.imageHeight,
    })
    .from(artworks)
    .where(
      and(
        eq(artworks.status, 'published'),
        eq(artworks.isArchived, false),
        text ? ilike(artworks.title, pattern) : undefined,
      ),
    )
    .orderBy(desc(artworks.createdAt))
    .limit(limit);
}
