import { and, asc, count, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, messages, subscribers } from '@/lib/db/schema';
import { SPAM_RETENTION_DAYS } from './rules';

/**
 * The owner's inbox (docs/product.md, Messages): the queries behind /admin/messages, run on the
 * system connection after requireAdmin() (lib/messages/actions.ts, app/admin/messages). Visitor
 * text is returned as stored; the screens show it as text.
 */
export type Folder = 'inbox' | 'archive' | 'spam';
export const PAGE_SIZE = 50;

export type MessagePainting = {
  id: string;
  title: string;
  slug: string;
  category: string | null;
  thumbUrl: string | null;
  alt: string | null;
};

export type MessageRow = {
  id: string;
  createdAt: Date;
  form: 'contact' | 'footer';
  name: string;
  email: string;
  subject: string;
  body: string;
  folder: Folder;
  spamReason: string | null;
  readAt: Date | null;
  painting: MessagePainting | null;
};

const columns = {
  id: messages.id,
  createdAt: messages.createdAt,
  form: messages.form,
  name: messages.name,
  email: messages.email,
  subject: messages.subject,
  body: messages.body,
  folder: messages.folder,
  spamReason: messages.spamReason,
  readAt: messages.readAt,
  artworkId: artworks.id,
  artworkTitle: artworks.title,
  artworkSlug: artworks.slug,
  artworkCategory: artworks.category,
  artworkThumb: artworks.imageThumb400Url,
  artworkAlt: artworks.imageAlt,
};

const selectMessages = (sys: Db) =>
  sys.select(columns).from(messages).leftJoin(artworks, eq(artworks.id, messages.artworkId));
type Selected = Awaited<ReturnType<typeof selectMessages>>[number];

function toRow(r: Selected): MessageRow {
  return {
    id: r.id,
    createdAt: r.createdAt,
    form: r.form,
    name: r.name,
    email: r.email,
    subject: r.subject,
    body: r.body,
    folder: r.folder,
    spamReason: r.spamReason,
    readAt: r.readAt,
    painting: r.artworkId
      ? {
          id: r.artworkId,
          title: r.artworkTitle ?? '',
          slug: r.artworkSlug ?? '',
          category: r.artworkCategory,
          thumbUrl: r.artworkThumb,
          alt: r.artworkAlt,
        }
      : null,
  };
}

export type MessageList = { rows: MessageRow[]; total: number; page: number; pages: number };

/** One page of a folder, newest first, optionally only the enquiries about one painting. */
export async function listMessages(
  db: Database,
  { folder, artworkId, page = 1 }: { folder: Folder; artworkId?: string | null; page?: number },
): Promise<MessageList> {
  const where = and(eq(messages.folder, folder), artworkId ? eq(messages.artworkId, artworkId) : undefined);
  return asSystem(db, 'messages', async (sys) => {
    const [totalRow] = await sys.select({ n: count() }).from(messages).where(where);
    const total = totalRow?.n ?? 0;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const current = Math.min(Math.max(1, page), pages);
    const rows = await selectMessages(sys)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(PAGE_SIZE)
      .offset((current - 1) * PAGE_SIZE);
    return { rows: rows.map(toRow), total, page: current, pages };
  });
}

/** Messages in the inbox not yet opened: the "1 new" of the dashboard and the admin bar. */
export async function countNewMessages(db: Database): Promise<number> {
  const [row] = await asSystem(db, 'messages', (sys) =>
    sys
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.folder, 'inbox'), isNull(messages.readAt))),
  );
  return row?.n ?? 0;
}

/** How many messages each folder holds, and how many of the inbox's are new. */
export async function folderCounts(db: Database): Promise<Record<Folder, number> & { new: number }> {
  const rows = await asSystem(db, 'messages', (sys) =>
    sys
      .select({
        folder: messages.folder,
        n: count(),
        unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`.mapWith(Number),
      })
      .from(messages)
      .groupBy(messages.folder),
  );
  const counts = { inbox: 0, archive: 0, spam: 0, new: 0 };
  for (const row of rows) {
    counts[row.folder] = row.n;
    if (row.folder === 'inbox') counts.new = row.unread;
  }
  return counts;
}

/** One message as it is (the email about it reads it so), or null. */
export async function readMessage(db: Database, id: string): Promise<MessageRow | null> {
  const [row] = await asSystem(db, 'messages', (sys) => selectMessages(sys).where(eq(messages.id, id)).limit(1));
  return row ? toRow(row) : null;
}

/** One message as the owner opens it: opening marks it read. */
export async function openMessage(db: Database, id: string, now = new Date()): Promise<MessageRow | null> {
  await asSystem(db, 'messages', (sys) =>
    sys
      .update(messages)
      .set({ readAt: now })
      .where(and(eq(messages.id, id), isNull(messages.readAt))),
  );
  return readMessage(db, id);
}

/** Whether anything changed: false for a message that no longer exists. */
export async function markRead(db: Database, id: string, read: boolean, now = new Date()): Promise<boolean> {
  const rows = await asSystem(db, 'messages', (sys) =>
    sys
      .update(messages)
      .set({ readAt: read ? now : null })
      .where(eq(messages.id, id))
      .returning({ id: messages.id }),
  );
  return rows.length > 0;
}

/** Moves a message to a folder: archive, back to the inbox, or either way between inbox and spam. */
export async function moveMessage(db: Database, id: string, folder: Folder): Promise<boolean> {
  const rows = await asSystem(db, 'messages', (sys) =>
    sys
      .update(messages)
      .set(folder === 'spam' ? { folder } : { folder, spamReason: null })
      .where(eq(messages.id, id))
      .returning({ id: messages.id }),
  );
  return rows.length > 0;
}

export async function deleteMessage(db: Database, id: string): Promise<boolean> {
  const rows = await asSystem(db, 'messages', (sys) =>
    sys.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id }),
  );
  return rows.length > 0;
}

/** The paintings that have enquiries, for the inbox's filter. */
export async function paintingsWithMessages(db: Database): Promise<{ id: string; title: string }[]> {
  return asSystem(db, 'messages', (sys) =>
    sys
      .selectDistinct({ id: artworks.id, title: artworks.title })
      .from(messages)
      .innerJoin(artworks, eq(artworks.id, messages.artworkId))
      .where(isNotNull(messages.artworkId))
      .orderBy(asc(artworks.title)),
  );
}

/** "Delete everything from this address": every message from it and its subscription. */
export async function eraseAddress(db: Database, email: string): Promise<{ messages: number; subscriber: boolean }> {
  const address = email.trim().toLowerCase();
  return asSystem(db, 'messages', (sys) =>
    sys.transaction(async (tx) => {
      const removed = await tx
        .delete(messages)
        .where(sql`lower(${messages.email}) = ${address}`)
        .returning({ id: messages.id });
      const subscriber = await tx
        .delete(subscribers)
        .where(eq(subscribers.email, address))
        .returning({ email: subscribers.email });
      return { messages: removed.length, subscriber: subscriber.length > 0 };
    }),
  );
}

/** Spam older than SPAM_RETENTION_DAYS goes (the retention job, lib/retention/retention.ts). */
export async function pruneSpam(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SPAM_RETENTION_DAYS * 24 * 60 * 60_000);
  const rows = await asSystem(db, 'messages', (sys) =>
    sys
      .delete(messages)
      .where(and(eq(messages.folder, 'spam'), lt(messages.createdAt, before)))
      .returning({ id: messages.id }),
  );
  return rows.length;
}
