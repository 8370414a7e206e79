import type { Metadata } from 'next';
import { z } from 'zod';
import { AdminPage } from '@/components/admin/admin-shell';
import { MessageDetail } from '@/components/admin/messages/message-detail';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { countNewMessages, openMessage, type MessageRow } from '@/lib/messages/inbox';

export const metadata: Metadata = { title: { absolute: 'Message - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type Params = Promise<{ id: string }>;

type Opened = { ctx: AdminContext; message: MessageRow | null } | null;

/** The admin, and the message opened (which marks it read), or null without an admin. */
async function open(params: Params): Promise<Opened> {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  return { ctx, message: z.uuid().safeParse(id).success ? await openMessage(ctx.db, id) : null };
}

export default function MessagePage({ params }: { params: Params }) {
  // Started here, awaited under Suspense: the admin bar counts what is new once this one is read.
  const opened = open(params);
  const newMessages = opened.then((o) => (o ? countNewMessages(o.ctx.db) : null));
  return (
    <AdminPage
      title="Message"
      back={[{ href: '/admin/messages', label: 'Back to Messages' }]}
      newMessages={newMessages}
    >
      <Message opened={opened} />
    </AdminPage>
  );
}

async function Message({ opened }: { opened: Promise<Opened> }) {
  const found = await opened;
  if (!found) return null;
  const { message } = found;
  if (!message)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        This message no longer exists: it may have been deleted.
      </p>
    );
  return <MessageDetail message={message} />;
}
