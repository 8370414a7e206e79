import { and, asc, desc, eq, gt, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import { escapeHtml } from '@/lib/mail/escape-html';
import { artworkPath } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { asSystem, asVisitor } from '@/lib/db/roles';
import { artworks, newsletterLetters, stories } from '@/lib/db/schema';
import { artworkCardHtml, type ArtworkCardAttrs } from '@/lib/rich-text/artwork-card';
import { saveLetter, type SavedLetter } from './letters';
import { londonMonth } from './london-time';

/**
 * "Start from what's new" (docs/product.md, Letters): a draft that gathers what was
 * published since the last letter went out, for the owner to write around. Read as a visitor,
 * so only what a visitor can see now goes in (no draft painting, no story still scheduled).
 */

/** With no letter sent yet, what is new is what was published in the last 90 days. */
export const FIRST_LETTER_DAYS = 90;
/** A letter is not a catalogue: the newest paintings only, if there were many. */
const MAX_PAINTINGS = 24;
const MAX_STORIES = 12;

export type NewSince = {
  since: Date;
  paintings: ArtworkCardAttrs[];
  stories: { slug: string; title: string; excerpt: string }[];
};

/** When the last letter started going out; 90 days ago when none has. */
export async function lastLetterStarted(db: Database, now: Date): Promise<Date> {
  const [row] = await asSystem(db, 'newsletter', (sys) =>
    sys
      .select({ at: max(newsletterLetters.startedAt) })
      .from(newsletterLetters)
      .where(and(inArray(newsletterLetters.status, ['sending', 'sent']), isNotNull(newsletterLetters.startedAt))),
  );
  return row?.at ?? new Date(now.getTime() - FIRST_LETTER_DAYS * 24 * 3600 * 1000);
}

/** The paintings and stories published after `since` and by `now`, the oldest first (as they happened). */
export async function whatIsNew(db: Database, now: Date): Promise<NewSince> {
  const since = await lastLetterStarted(db, now);
  return asVisitor(db, async (tx) => {
    const paintings = await tx
      .select({
        id: artworks.id,
        title: artworks.title,
        slug: artworks.slug,
        category: artworks.category,
        thumbUrl: sql<string | null>`coalesce(${artworks.imageThumb400Url}, ${artworks.imageUrl})`,
        width: artworks.imageWidth,
        height: artworks.imageHeight,
      })
      .from(artworks)
      .where(
        and(
          eq(artworks.status, 'published'),
          eq(artworks.isArchived, false),
          gt(artworks.publishedAt, since),
          lte(artworks.publishedAt, now),
        ),
      )
      .orderBy(desc(artworks.publishedAt))
      .limit(MAX_PAINTINGS);
    const written = await tx
      .select({ slug: stories.slug, title: stories.title, excerpt: stories.excerpt })
      .from(stories)
      .where(and(eq(stories.status, 'published'), gt(stories.publishedAt, since), lte(stories.publishedAt, now)))
      .orderBy(asc(stories.publishedAt))
      .limit(MAX_STORIES);
    return {
      since,
      paintings: paintings.reverse().flatMap((art) =>
        // A painting with no image cannot be a card (the card is its picture).
        art.thumbUrl
          ? [
              {
                id: art.id,
                path: artworkPath(art),
                title: art.title,
                thumbUrl: art.thumbUrl,
                width: art.width,
                height: art.height,
              },
            ]
          : [],
      ),
      stories: written,
    };
  });
}

/**
 * A story's address (lib/stories/paths.ts): written here, not imported, because the stories stand
 * on the artworks, which stand on the shop, which uses the newsletter (no circle of folders).
 */
const storyPathOf = (slug: string) => `/blog/${slug}`;

/** The intro the owner writes over: a placeholder in her voice, short enough to replace at once. */
export const INTRO_PLACEHOLDER =
  'Hello, and thank you for reading. Here is what I have been painting and writing since my last letter.';

/** The draft's body: the intro, the new paintings as cards, then the new stories as linked headings. */
export function newSinceHtml({ paintings, stories: written }: Pick<NewSince, 'paintings' | 'stories'>): string {
  const parts = [`<p>${escapeHtml(INTRO_PLACEHOLDER)}</p>`];
  if (paintings.length > 0) {
    parts.push(`<h2>New paintings</h2>`, ...paintings.map(artworkCardHtml));
  }
  if (written.length > 0) {
    parts.push(`<h2>From the blog</h2>`);
    for (const story of written) {
      parts.push(`<h3><a href="${escapeHtml(storyPathOf(story.slug))}">${escapeHtml(story.title)}</a></h3>`);
      if (story.excerpt) parts.push(`<p>${escapeHtml(story.excerpt)}</p>`);
    }
  }
  return parts.join('');
}

/** Makes the draft "New work, {Month Year}" from what is new; the owner edits it like any letter. */
export async function draftNewSince(db: Database, now = new Date()): Promise<SavedLetter & NewSince> {
  const found = await whatIsNew(db, now);
  const saved = await saveLetter(db, {
    fields: { title: `New work, ${londonMonth(now)}`, summary: '', content: newSinceHtml(found) },
  });
  return { ...saved, ...found };
}
