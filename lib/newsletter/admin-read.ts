import 'server-only';
import { z } from 'zod';
import type { Database } from '@/lib/db/port';
import type { LetterRow } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { mailSettings } from '@/lib/mail';
import { site } from '@/lib/site';
import { isEditable } from './letter-fields';
import { letterEmailContext, letterProgress } from './sending';
import { renderLetterEmail } from './letter-email';
import { getLetter, listLetters, type LetterListItem } from './letters';
import type { Progress } from './letter-status';

/**
 * What /admin/newsletter and a letter's page read (docs/product.md, Letters), per request, never
 * cached: the letters with the progress of those being sent, one letter with its email preview.
 */

export type LetterOverviewRow = LetterListItem & { progress: Progress | null };

export async function readLetterOverview(db: Database): Promise<LetterOverviewRow[]> {
  const letters = await listLetters(db);
  return Promise.all(
    letters.map(async (letter) => ({
      ...letter,
      // Only a letter on its way needs counting: a sent one says how many it went to.
      progress: letter.status === 'sending' ? await letterProgress(db, letter.id) : null,
    })),
  );
}

export type EmailPreview = { subject: string; html: string; text: string };

export type LetterPage = {
  letter: LetterRow;
  editable: boolean;
  progress: Progress | null;
  /** The last saved version as its email, with a sample code and an unsubscribe link that goes nowhere. */
  preview: EmailPreview;
};

/** One letter for its page; null for an id that is none (or not a uuid at all). */
export async function readLetterPage(db: Database, id: string): Promise<LetterPage | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const letter = await getLetter(db, id);
  if (!letter) return null;
  const settings = mailSettings() ?? { siteUrl: env().SITE_URL, from: env().MAIL_FROM ?? site.email };
  const [ctx, progress] = await Promise.all([
    letterEmailContext(db, letter, settings),
    letter.status === 'sending' || letter.status === 'sent' ? letterProgress(db, letter.id) : null,
  ]);
  const mail = renderLetterEmail(letter, null, ctx);
  return {
    letter,
    editable: isEditable(letter.status),
    progress,
    preview: { subject: mail.subject, html: mail.html, text: mail.text },
  };
}
