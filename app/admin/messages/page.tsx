import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import {
  FolderTabs,
  MessageListView,
  PaintingFilter,
  SubscribersView,
} from '@/components/admin/messages/messages-view';
import { ReceiveSwitch } from '@/components/admin/messages/receive-switch';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import type { Database } from '@/lib/db/port';
import { mailSettings, type MailSettings } from '@/lib/mail';
import { folderCounts, listMessages, paintingsWithMessages, type Folder } from '@/lib/messages/inbox';
import { countByStatus, countSubscribers, listSubscribers } from '@/lib/newsletter/subscriber-list';
import { ownerAddresses } from '@/lib/mail/outbox';
import { parseMessagesView } from '@/lib/messages/params';
import { readReceiveMessages } from '@/lib/messages/settings';

export const metadata: Metadata = { title: { absolute: 'Messages - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function MessagesPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage title="Messages" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <Messages searchParams={searchParams} />
    </AdminPage>
  );
}

async function Messages({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  const { view, painting, page } = parseMessagesView(params);
  const mail = mailSettings();
  // Siblings render side by side: the header's reads and the folder's go to the database together.
  return (
    <div className="flex flex-col gap-6">
      <ReceivingAndNotices db={ctx.db} mail={mail} />
      {view === 'subscribers' ? (
        <SubscribersFolder db={ctx.db} mailOn={mail !== null} />
      ) : (
        <MessagesFolder db={ctx.db} folder={view} painting={painting} page={page} />
      )}
    </div>
  );
}

/** The switch, and whom each new message is emailed to (or why no one is). */
async function ReceivingAndNotices({ db, mail }: { db: Database; mail: MailSettings | null }) {
  const [receiving, notified] = await Promise.all([
    readReceiveMessages(db),
    mail ? ownerAddresses(db, mail.notifyEmail) : Promise.resolve([]),
  ]);
  return (
    <>
      <ReceiveSwitch on={receiving} />
      <p className="text-sm text-ink-soft">
        {mail
          ? `Each new message is also emailed to ${notified.join(', ') || 'no one yet: ask whoever runs the site to set the address to send them to (NOTIFY_EMAIL)'}; replies go straight to the visitor.`
          : 'Messages are not emailed to you. To be told of each one by email, ask whoever runs the site to set up outgoing email for it (SMTP_URL and MAIL_FROM).'}
      </p>
    </>
  );
}

/** The Subscribers folder reads the list once: its tab's count and the status counts come from it. */
async function SubscribersFolder({ db, mailOn }: { db: Database; mailOn: boolean }) {
  const [counts, list] = await Promise.all([folderCounts(db), listSubscribers(db)]);
  return (
    <>
      <FolderTabs current="subscribers" counts={{ ...counts, subscribers: list.length }} />
      <SubscribersView subscribers={list} counts={countByStatus(list)} mailOn={mailOn} />
    </>
  );
}

/** A folder of messages: its page of the list, filtered by painting, and the paintings to filter by. */
async function MessagesFolder({
  db,
  folder,
  painting,
  page,
}: {
  db: Database;
  folder: Folder;
  painting: string | null;
  page: number;
}) {
  const [counts, subscribers, paintings, list] = await Promise.all([
    folderCounts(db),
    countSubscribers(db),
    paintingsWithMessages(db),
    listMessages(db, { folder, artworkId: painting, page }),
  ]);
  return (
    <>
      <FolderTabs current={folder} counts={{ ...counts, subscribers }} />
      <PaintingFilter view={folder} painting={painting} paintings={paintings} />
      <MessageListView view={folder} painting={painting} list={list} />
    </>
  );
}
