import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { newsletterLetters, type LetterRow } from '@/lib/db/schema';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { slugifyTitle, uniqueSlug } from '@/lib/slug';
import { sanitizeStoryHtml } from '@/lib/rich-text/sanitize';
import {
  hasText,
  isEditable,
  letterMessages,
  type LetterAtVersion,
  type LetterFields,
  type LetterStatus,
  type SaveLetterParsed,
} from './letter-fields';

/**
 * The owner's letters (docs/product.md, Letters), in app_private.newsletter_letters,
 * which only the server's system connection reads and writes. A letter is written as a draft,
 * may be scheduled, and is then sent once (lib/newsletter/sending.ts); from the moment it starts
 * sending it is read-only, so what the web version shows is what was sent. Every change is made
 * over the version the editor loaded, as stories are (lib/stories/save.ts): a save from an older
 * tab is refused and overwrites nothing.
 */

export class LetterNotFoundError extends UserFacingError {
  constructor() {
    super(letterMessages.notFound);
    this.name = 'LetterNotFoundError';
  }
}

export class LetterConflictError extends UserFacingError {
  constructor() {
    super(letterMessages.conflict);
    this.name = 'LetterConflictError';
  }
}

export class LetterReadOnlyError extends UserFacingError {
  constructor() {
    super(letterMessages.readOnly);
    this.name = 'LetterReadOnlyError';
  }
}

/** What a change answers: the letter as saved, for the editor's next change. */
export type SavedLetter = {
  id: string;
  slug: string;
  version: number;
  status: LetterStatus;
  sendAt: string | null;
  created: boolean;
};

const savedOf = (row: LetterRow, created = false): SavedLetter => ({
  id: row.id,
  slug: row.slug,
  version: row.version,
  status: row.status,
  sendAt: row.sendAt?.toISOString() ?? null,
  created,
});

export type LetterListItem = Pick<
  LetterRow,
  'id' | 'slug' | 'title' | 'status' | 'sendAt' | 'startedAt' | 'sentAt' | 'recipients' | 'updatedAt'
>;

/** Every letter, the newest first: by when it went (or goes) out, a draft by its last change. */
export function listLetters(db: Database): Promise<LetterListItem[]> {
  return asSystem(db, 'newsletter', (sys) =>
    sys
      .select({
        id: newsletterLetters.id,
        slug: newsletterLetters.slug,
        title: newsletterLetters.title,
        status: newsletterLetters.status,
        sendAt: newsletterLetters.sendAt,
        startedAt: newsletterLetters.startedAt,
        sentAt: newsletterLetters.sentAt,
        recipients: newsletterLetters.recipients,
        updatedAt: newsletterLetters.updatedAt,
      })
      .from(newsletterLetters)
      .orderBy(
        desc(
          sql`coalesce(${newsletterLetters.startedAt}, ${newsletterLetters.sendAt}, ${newsletterLetters.updatedAt})`,
        ),
        desc(newsletterLetters.createdAt),
      )
      .limit(500),
  );
}

export async function getLetter(db: Database, id: string): Promise<LetterRow | null> {
  const [row] = await asSystem(db, 'newsletter', (sys) =>
    sys.select().from(newsletterLetters).where(eq(newsletterLetters.id, id)).limit(1),
  );
  return row ?? null;
}

/** The letter a change is made to: it exists, may still change, and is at the version the editor had. */
async function editableAt(tx: Tx, id: string, version: number): Promise<LetterRow> {
  const [before] = await tx.select().from(newsletterLetters).where(eq(newsletterLetters.id, id)).for('update');
  if (!before) throw new LetterNotFoundError();
  if (!isEditable(before.status)) throw new LetterReadOnlyError();
  if (before.version !== version) throw new LetterConflictError();
  return before;
}

async function updateAt(tx: Tx, before: LetterRow, values: Partial<LetterRow>): Promise<LetterRow> {
  const [row] = await tx
    .update(newsletterLetters)
    .set({ ...values, version: sql`${newsletterLetters.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsletterLetters.id, before.id),
        eq(newsletterLetters.version, before.version),
        inArray(newsletterLetters.status, ['draft', 'scheduled']),
      ),
    )
    .returning();
  if (!row) throw new LetterConflictError();
  return row;
}

/** Addresses under /newsletter that are pages of their own (the subscription's), never a letter's. */
export const RESERVED_LETTER_SLUGS: readonly string[] = ['confirm', 'unsubscribe'];

/** A free slug from the title: the letter's address once it is sent (/newsletter/<slug>). */
function freeSlug(tx: Tx, title: string, exceptId?: string): Promise<string> {
  return uniqueSlug(slugifyTitle(title) || 'letter', async (candidate) => {
    if (RESERVED_LETTER_SLUGS.includes(candidate)) return true;
    const [row] = await tx
      .select({ id: newsletterLetters.id })
      .from(newsletterLetters)
      .where(
        exceptId
          ? and(eq(newsletterLetters.slug, candidate), ne(newsletterLetters.id, exceptId))
          : eq(newsletterLetters.slug, candidate),
      )
      .limit(1);
    return Boolean(row);
  });
}

const MAX_SLUG_ATTEMPTS = 5;

/**
 * Saves a letter: a new one as a draft, or a draft or scheduled one over the version the editor
 * loaded. The body is cleaned with the stories' allowlist. The slug follows the title until the
 * letter is sent (no one outside has seen its address before then) and is kept from then on.
 */
export async function saveLetter(db: Database, input: SaveLetterParsed): Promise<SavedLetter> {
  const fields: LetterFields = { ...input.fields, content: sanitizeStoryHtml(input.fields.content) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await asSystem(db, 'newsletter', (sys) => sys.transaction((tx) => writeLetter(tx, input, fields)));
    } catch (error) {
      // Two saves took the same free slug at once: the second looks again.
      if (attempt < MAX_SLUG_ATTEMPTS && isSlugConflict(error)) continue;
      throw error;
    }
  }
}

async function writeLetter(tx: Tx, input: SaveLetterParsed, fields: LetterFields): Promise<SavedLetter> {
  if (!input.id) {
    const slug = await freeSlug(tx, fields.title);
    const [row] = await tx
      .insert(newsletterLetters)
      .values({ slug, ...fields })
      .returning();
    return savedOf(row!, true);
  }
  if (input.version === undefined) throw new LetterConflictError();
  const before = await editableAt(tx, input.id, input.version);
  const slug = fields.title === before.title ? before.slug : await freeSlug(tx, fields.title, before.id);
  return savedOf(await updateAt(tx, before, { slug, ...fields }));
}

function isSlugConflict(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return (e.constraint_name ?? e.constraint) === 'newsletter_letters_slug_key';
  }
  return false;
}

/**
 * Schedules a letter to go at `sendAt` (a time still to come), or moves its time. A letter with
 * nothing written is not scheduled: it would reach every subscriber empty.
 */
export async function scheduleLetter(
  db: Database,
  { id, version, sendAt }: LetterAtVersion & { sendAt: Date },
  now = new Date(),
): Promise<SavedLetter> {
  if (sendAt.getTime() <= now.getTime()) throw new UserFacingError(letterMessages.pastTime);
  return asSystem(db, 'newsletter', (sys) =>
    sys.transaction(async (tx) => {
      const before = await editableAt(tx, id, version);
      assertSendable(before);
      return savedOf(await updateAt(tx, before, { status: 'scheduled', sendAt }));
    }),
  );
}

/** Takes a scheduled letter back to a draft: it is not sent until scheduled or sent again. */
export async function cancelSchedule(db: Database, { id, version }: LetterAtVersion): Promise<SavedLetter> {
  return asSystem(db, 'newsletter', (sys) =>
    sys.transaction(async (tx) => {
      const before = await editableAt(tx, id, version);
      return savedOf(await updateAt(tx, before, { status: 'draft', sendAt: null }));
    }),
  );
}

/** What a letter must have before it may go to anyone: a title (always) and something written. */
export function assertSendable(letter: Pick<LetterRow, 'content'>): void {
  if (!hasText(letter.content)) throw new UserFacingError(letterMessages.contentRequired);
}

/**
 * Checks that a letter may be sent now, over the version the editor has (sending itself is
 * lib/newsletter/sending.ts's): it exists, is not sent yet, is the editor's version and has
 * something written.
 */
export async function checkSendable(db: Database, { id, version }: LetterAtVersion): Promise<LetterRow> {
  return asSystem(db, 'newsletter', (sys) =>
    sys.transaction(async (tx) => {
      const before = await editableAt(tx, id, version);
      assertSendable(before);
      return before;
    }),
  );
}

/**
 * Deletes a letter that is not being sent: a draft, a scheduled one (it will not go), or a sent
 * one (its web version goes, with the record of whom it went to). `wasPublic` says whether the
 * public pages showed it.
 */
export async function deleteLetter(db: Database, id: string): Promise<{ id: string; wasPublic: boolean }> {
  return asSystem(db, 'newsletter', (sys) =>
    sys.transaction(async (tx) => {
      const [before] = await tx.select().from(newsletterLetters).where(eq(newsletterLetters.id, id)).for('update');
      if (!before) throw new LetterNotFoundError();
      if (before.status === 'sending') throw new UserFacingError(letterMessages.sendingNotDeleted);
      await tx.delete(newsletterLetters).where(eq(newsletterLetters.id, id));
      return { id, wasPublic: before.status === 'sent' };
    }),
  );
}
