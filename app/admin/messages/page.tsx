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
import { mailSettings } from '@/lib/mail';
import { folderCounts, listMessages, paintingsWithMessages } from '@/lib/messages/inbox';
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
  // The Subscribers folder reads the list once: its tab's count and the status counts come from it.
  const onSubscribers = view === 'subscribers';
  const [receiving, counts, list, total, notified] = await Promise.all([
    readReceiveMessages(ctx.db),
    folderCounts(ctx.db),
    onSubscribers ? listSubscribers(ctx.db) : null,
    onSubscribers ? null : countSubscribers(ctx.db),
    mail ? ownerAddresses(ctx.db, mail.notifyEmail) : Promise.resolve([]),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <ReceiveSwitch on={receiving} />
      <p className="text-sm text-ink-soft">
        {mail
          ? `Each new message is also emailed to ${notified.join(', ') || 'no one yet: ask whoever runs the site to set the address to send them to (NOTIFY_EMAIL)'}; replies go straight to the visitor.`
          : 'Messages are not emailed to you. To be told of each one by email, ask whoever runs the site to set up outgoing email for it (SMTP_URL and MAIL_FROM).'}
      </p>
      <FolderTabs current={view} counts={{ ...counts, subscribers: list?.length ?? total ?? 0 }} />
      {list ? (
        <SubscribersView subscribers={list} counts={countByStatus(list)} mailOn={mail !== null} />
      ) : (
        view !== 'subscribers' && (
          <>
            <PaintingFilter view={view} painting={painting} paintings={await paintingsWithMessages(ctx.db)} />
            <MessageListView
              view={view}
              painting={painting}
              list={await listMessages(ctx.db, { folder: view, artworkId: painting, page })}
            />
          </>
        )
      )}
    </div>
  );
}
