import { and, desc, eq } from 'drizzle-orm';
import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { newsletterLetters, type LetterRow } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { sanitizeStoryHtml } from '@/lib/rich-text/sanitize';
import { DEFAULT_DISCOUNT, readDiscountSettings } from './discount-settings';
import { newsletterPromise } from './promise';

/**
 * The letters' web versions (docs/product.md, Letters): only a letter that has been
 * sent is public, at /newsletter/<slug>; a draft, a scheduled letter or one still sending is not
 * found. The table is private (no visitor role may read it), so these read on the system
 * connection and filter by status themselves. Cached by Next and tagged `newsletter`, which a
 * letter's sending, its end and its deletion invalidate.
 */
export type PublicLetter = {
  slug: string;
  title: string;
  summary: string;
  /** Cleaned HTML, as a story's (lib/rich-text/sanitize.ts). */
  content: string;
  /** When it went out to the subscribers. */
  sentAt: Date;
  updatedAt: Date;
};

const publicColumns = {
  slug: newsletterLetters.slug,
  title: newsletterLetters.title,
  summary: newsletterLetters.summary,
  content: newsletterLetters.content,
  startedAt: newsletterLetters.startedAt,
  sentAt: newsletterLetters.sentAt,
  updatedAt: newsletterLetters.updatedAt,
};

type Row = Pick<LetterRow, 'slug' | 'title' | 'summary' | 'content' | 'startedAt' | 'sentAt' | 'updatedAt'>;

const toPublic = (row: Row): PublicLetter => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  content: sanitizeStoryHtml(row.content),
  // The day it went out is when sending started; a letter marked sent by hand has only sent_at.
  sentAt: row.startedAt ?? row.sentAt ?? row.updatedAt,
  updatedAt: row.updatedAt,
});

/** Every sent letter, the newest first. */
export async function readSentLetters(db: Database): Promise<PublicLetter[]> {
  const rows = await asSystem(db, 'newsletter', (sys) =>
    sys
      .select(publicColumns)
      .from(newsletterLetters)
      .where(eq(newsletterLetters.status, 'sent'))
      .orderBy(desc(newsletterLetters.startedAt), desc(newsletterLetters.sentAt)),
  );
  return rows.map(toPublic);
}

/** One sent letter by its slug; null for any other (a draft's slug included). */
export async function readSentLetter(db: Database, slug: string): Promise<PublicLetter | null> {
  const [row] = await asSystem(db, 'newsletter', (sys) =>
    sys
      .select(publicColumns)
      .from(newsletterLetters)
      .where(and(eq(newsletterLetters.slug, slug), eq(newsletterLetters.status, 'sent')))
      .limit(1),
  );
  return row ? toPublic(row) : null;
}

/** A segment that could be a letter's slug (the table's own check); anything else is not found unread. */
export const isPlausibleLetterSlug = (segment: unknown): segment is string =>
  typeof segment === 'string' && segment.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(segment);

/** /newsletter's list, the sitemap's and the feed's letters. */
export async function listPublicLetters(): Promise<PublicLetter[]> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.newsletter);
  return readSentLetters(await database());
}

export async function getPublicLetter(slug: string): Promise<PublicLetter | null> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.newsletter);
  // Callable with any argument as a reference Next exposes: what no slug could be is answered
  // without a query.
  if (!isPlausibleLetterSlug(slug)) return null;
  return readSentLetter(await database(), slug);
}

/**
 * "new paintings, exhibitions and 20% off prints" (lib/newsletter/promise.ts) as public pages read
 * it: cached under the site settings' tag, which a change of the discount expires. When the
 * database cannot be read, a new site's words, for a minute.
 */
export async function publicNewsletterPromise(): Promise<string> {
  'use cache';
  cacheTag(cacheTags.siteSettings);
  try {
    const words = newsletterPromise(await readDiscountSettings(await database()));
    cacheLife('max');
    return words;
  } catch (error) {
    logger.warn({ feature: 'newsletter', err: error }, 'could not read the discount; promising the default');
    cacheLife('seconds');
    return newsletterPromise(DEFAULT_DISCOUNT);
  }
}
