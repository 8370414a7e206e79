import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { uploadedImageSchema, type UploadedImage } from '@/lib/artworks/client';
import type { Database, Tx } from '@/lib/db/port';
import {
  deleteStoryById,
  getStoryById,
  insertStory,
  isStorySlugTaken,
  updateStoryAtVersion,
} from '@/lib/stories/queries';
import { dropRedirectsTo, recordRedirect } from '@/lib/redirects/record';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { pendingUploads, type NewStoryRow, type StoryRow } from '@/lib/db/schema';
import { uploadSrcSet } from '@/lib/images/srcset';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { uniqueSlug, wantedSlug } from '@/lib/slug';
import { claimPendingUploadIn } from '@/lib/artworks';
import { saveStoryInputSchema, storyMessages, storyStatusLabel, type StoryStatusLabel } from './fields';
import { storyPath } from './paths';
import { sanitizeStoryHtml } from '@/lib/rich-text/sanitize';

export type StoryWriteDeps = {
  db: Database;
  claims: Claims;
  /** Expires the public caches of these story slugs (and every story list). */
  invalidate: (slugs: string[]) => void;
  /** Sends the queued addresses to search engines, after the answer (IndexNow). */
  notifySearchEngines: () => void;
};

export type SaveStoryResult = {
  id: string;
  slug: string;
  version: number;
  status: StoryStatusLabel;
  publishedAt: string | null;
  path: string;
  created: boolean;
  slugAdjusted: boolean;
  /** The public address before this save, when a renamed live story moved (it redirects now). */
  movedFrom?: string;
};

export class StoryNotFoundError extends UserFacingError {
  constructor() {
    super(storyMessages.notFound);
    this.name = 'StoryNotFoundError';
  }
}

export class StoryConflictError extends UserFacingError {
  constructor() {
    super(storyMessages.conflict);
    this.name = 'StoryConflictError';
  }
}

/** Whether a visitor can read the story now: published, and its time has come. */
export function isLive(story: Pick<StoryRow, 'status' | 'publishedAt'> | null | undefined, now = new Date()): boolean {
  return Boolean(story && story.status === 'published' && story.publishedAt && story.publishedAt <= now);
}

/** The cover's columns: the display image, the srcset of its variants, its size. */
export function coverColumns(
  image: UploadedImage,
): Pick<NewStoryRow, 'imageUrl' | 'imageSrcset' | 'imageWidth' | 'imageHeight'> {
  return {
    imageUrl: image.publicUrl,
    imageSrcset: uploadSrcSet(image) ?? null,
    imageWidth: image.width ?? null,
    imageHeight: image.height ?? null,
  };
}

const MAX_SLUG_ATTEMPTS = 5;

/**
 * Saves one story: checks the fields (publishing asks for more than a draft), picks a free slug,
 * and in one transaction as the admin inserts or updates it, but only over the version the
 * editor loaded (a save from an older tab is refused and nothing is overwritten), keeps the
 * images the body and cover show, records a redirect when a live story's address moved, and
 * queues its addresses for search engines. The public caches are invalidated after the commit.
 */
export async function saveStoryRecord(deps: StoryWriteDeps, input: SaveStoryParsed): Promise<SaveStoryResult> {
  const { fields } = input;
  const content = sanitizeStoryHtml(fields.content);
  const outcome = await writeWithFreeSlug(deps, input, content);
  if (outcome.publicChange)
    deps.invalidate([outcome.before?.slug, outcome.row.slug].filter((slug): slug is string => Boolean(slug)));
  if (outcome.queued) deps.notifySearchEngines();
  const { row } = outcome;
  return {
    id: row.id,
    slug: row.slug,
    version: row.version,
    status: storyStatusLabel(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    path: storyPath(row.slug),
    created: !outcome.before,
    slugAdjusted: outcome.slugAdjusted,
    movedFrom: outcome.movedFrom,
  };
}

/** The save action's input once parsed (adminAction parses it with saveStoryInputSchema). */
export type SaveStoryParsed = z.output<typeof saveStoryInputSchema>;
type Input = SaveStoryParsed;

async function writeWithFreeSlug(deps: StoryWriteDeps, input: Input, content: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await asAdmin(deps.db, deps.claims, (tx) => write(tx, deps.claims, input, content));
    } catch (error) {
      if (attempt < MAX_SLUG_ATTEMPTS && isSlugConflict(error)) continue;
      throw error;
    }
  }
}

async function write(tx: Tx, claims: Claims, input: Input, content: string) {
  const { fields, intent } = input;
  const before = input.id ? await getStoryById(tx, input.id) : null;
  if (input.id && !before) throw new StoryNotFoundError();
  if (before && input.version !== before.version) throw new StoryConflictError();

  const now = new Date();
  const publishing = intent === 'publish' || (intent === 'save' && before?.status === 'published');
  const status = publishing ? 'published' : 'draft';
  const chosen = fields.publishAt ? new Date(fields.publishAt) : null;
  const publishedAt =
    chosen ??
    (publishing ? (before?.status === 'published' ? before.publishedAt : now) : (before?.publishedAt ?? null));

  const cover = input.cover
    ? coverColumns(await claimPendingUploadIn(tx, claims, input.cover.uploadId))
    : input.cover === null
      ? noCover
      : null;
  const coverUrl = cover ? cover.imageUrl : (before?.imageUrl ?? null);
  if (coverUrl && !fields.imageAlt) throw new UserFacingError(storyMessages.coverAltRequired);
  if (publishing) {
    if (!coverUrl) throw new UserFacingError(storyMessages.coverRequired);
    if (!fields.excerpt) throw new UserFacingError(storyMessages.excerptRequired);
    if (!content.replace(/<[^>]*>/g, '').trim()) throw new UserFacingError(storyMessages.contentRequired);
  }
  await keepBodyUploads(tx, claims, input.uploads, content);

  const wanted = wantedSlug(fields.slug, fields.title);
  const slug = await uniqueSlug(wanted, (candidate) => isStorySlugTaken(tx, candidate, before?.id));
  const live = status === 'published' && publishedAt !== null && publishedAt <= now;
  const values: NewStoryRow = {
    slug,
    title: fields.title,
    category: fields.category,
    excerpt: fields.excerpt,
    content,
    imageAlt: fields.imageAlt,
    metaTitle: fields.metaTitle,
    metaDescription: fields.metaDescription,
    tags: fields.tags,
    status,
    publishedAt,
    // A story that goes live now is announced by this save; a scheduled one by the stories-due job.
    announcedAt: live ? (isLive(before, now) ? before!.announcedAt : now) : null,
    ...(cover ?? {}),
  };
  const row = before
    ? await updateStoryAtVersion(tx, before.id, before.version, values)
    : await insertStory(tx, values);
  if (!row) throw new StoryConflictError();

  const oldPath = before ? storyPath(before.slug) : null;
  const newPath = storyPath(row.slug);
  const wasLive = isLive(before, now);
  let movedFrom: string | undefined;
  let redirectsChanged = false;
  if (oldPath && oldPath !== newPath) {
    // A reader's old link still finds the story; a draft's old slug was never public.
    if (wasLive && live) {
      await recordRedirect(tx, oldPath, newPath);
      movedFrom = oldPath;
      redirectsChanged = true;
    } else {
      redirectsChanged = (await dropRedirectsTo(tx, oldPath)) > 0;
    }
  }
  const changed = [wasLive ? oldPath : null, live ? newPath : null].filter((path): path is string => Boolean(path));
  if (changed.length > 0) await queueUrlChanges(tx, [...changed, '/blog']);
  return {
    before,
    row,
    slugAdjusted: row.slug !== wanted,
    movedFrom,
    queued: changed.length > 0,
    // Only what a visitor can see expires the public caches: a draft's saves (autosave every few
    // seconds) leave them, and the editor's page, as they are.
    publicChange: changed.length > 0 || redirectsChanged,
  };
}

const noCover = { imageUrl: null, imageSrcset: null, imageWidth: null, imageHeight: null } as const;

/**
 * The body's images were uploaded while writing (the upload route's pending rows). Those the
 * saved body shows are taken now, so their files are the story's (the orphan sweep reads
 * stories); the others stay pending and expire.
 */
async function keepBodyUploads(tx: Tx, claims: Claims, uploadIds: readonly string[], content: string) {
  if (uploadIds.length === 0) return;
  const rows = await tx
    .select({ id: pendingUploads.id, image: pendingUploads.image })
    .from(pendingUploads)
    .where(
      and(
        inArray(pendingUploads.id, [...uploadIds]),
        eq(pendingUploads.userId, claims.sub),
        sql`${pendingUploads.expiresAt} > now()`,
      ),
    );
  for (const row of rows) {
    const image = uploadedImageSchema.safeParse(row.image);
    if (image.success && content.includes(image.data.publicUrl)) await claimPendingUploadIn(tx, claims, row.id);
  }
}

function isSlugConflict(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return (e.constraint_name ?? e.constraint) === 'stories_slug_key';
  }
  return false;
}

/** Deletes one story: off the blog, the sitemap and the feed; redirects into it go with it. */
export async function deleteStoryRecord(deps: StoryWriteDeps, id: string): Promise<{ id: string; slug: string }> {
  const { row, wasLive } = await asAdmin(deps.db, deps.claims, async (tx) => {
    const deleted = await deleteStoryById(tx, id);
    if (!deleted) throw new StoryNotFoundError();
    await dropRedirectsTo(tx, storyPath(deleted.slug));
    const live = isLive(deleted);
    if (live) await queueUrlChanges(tx, [storyPath(deleted.slug), '/blog']);
    return { row: deleted, wasLive: live };
  });
  deps.invalidate([row.slug]);
  if (wasLive) deps.notifySearchEngines();
  return { id: row.id, slug: row.slug };
}
