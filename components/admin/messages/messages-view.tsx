import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { unsubscribe } from '@/lib/messages/actions';
import type { Folder, MessageList, MessageRow } from '@/lib/messages/inbox';
import type { Subscriber, SubscriberStatus } from '@/lib/newsletter/subscriber-list';
import { messagesHref, type MessagesView as View } from '@/lib/messages/params';
import { messageTime } from './format';
import { ConfirmActionButton } from './message-buttons';
import { PaintingThumb } from './painting-thumb';

const FOLDERS: { view: Folder | 'subscribers'; label: string }[] = [
  { view: 'inbox', label: 'Inbox' },
  { view: 'archive', label: 'Archive' },
  { view: 'spam', label: 'Spam' },
  { view: 'subscribers', label: 'Subscribers' },
];

const EMPTY: Record<Folder, string> = {
  inbox: 'No messages yet. Enquiries and messages from the contact and footer forms arrive here.',
  archive: 'Nothing archived.',
  spam: 'No spam. Suspect messages land here, are never emailed, and are deleted after 30 days.',
};

export type FolderCounts = Record<Folder, number> & { new: number; subscribers: number };

/** The folders' links, each with its count; the inbox's says how many are new. */
export function FolderTabs({ current, counts }: { current: View['view']; counts: FolderCounts }) {
  return (
    <nav aria-label="Folders" className="flex flex-wrap gap-2 border-b border-line pb-3">
      {FOLDERS.map(({ view, label }) => {
        const count =
          view === 'inbox' ? (counts.new > 0 ? `${counts.new} new` : String(counts.inbox)) : String(counts[view]);
        return (
          <Link
            key={view}
            href={messagesHref({ view })}
            prefetch={false}
            aria-current={current === view ? 'page' : undefined}
            className="inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-medium text-ink hover:bg-paper-deep aria-[current=page]:bg-wash aria-[current=page]:text-white"
          >
            {label}
            <span className="rounded-full bg-white/80 px-2 text-xs text-ink">{count}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** Only the enquiries about one painting: a plain GET form, so it works before scripts load. */
export function PaintingFilter({
  view,
  painting,
  paintings,
}: {
  view: Folder;
  painting: string | null;
  paintings: { id: string; title: string }[];
}) {
  if (paintings.length === 0) return null;
  return (
    <form action="/admin/messages" className="flex flex-wrap items-end gap-3">
      {view !== 'inbox' && <input type="hidden" name="view" value={view} />}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="painting-filter" className="text-sm font-medium">
          Painting
        </label>
        <select
          id="painting-filter"
          name="painting"
          defaultValue={painting ?? ''}
          className="h-10 rounded-md border border-line bg-white px-3 text-sm"
        >
          <option value="">All messages</option>
          {paintings.map((art) => (
            <option key={art.id} value={art.id}>
              {art.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
        Filter
      </button>
    </form>
  );
}

/** A folder's messages, newest first: new ones bold; each opens the message. */
export function MessageListView({
  view,
  list,
  painting,
}: {
  view: Folder;
  list: MessageList;
  painting: string | null;
}) {
  if (list.rows.length === 0)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        {painting ? 'No messages about this painting here.' : EMPTY[view]}
      </p>
    );
  return (
    <>
      <ul
        aria-label={`${FOLDERS.find((f) => f.view === view)?.label} messages`}
        className="divide-y divide-line overflow-hidden rounded-card border border-line bg-white"
      >
        {list.rows.map((message) => (
          <MessageListItem key={message.id} message={message} />
        ))}
      </ul>
      {list.pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
          {list.page > 1 ? (
            <Link
              href={messagesHref({ view, painting, page: list.page - 1 })}
              prefetch={false}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <span aria-hidden>←</span> Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-ink-soft">
            Page {list.page} of {list.pages}
          </p>
          {list.page < list.pages ? (
            <Link
              href={messagesHref({ view, painting, page: list.page + 1 })}
              prefetch={false}
              rel="next"
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              Older <span aria-hidden>→</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}

function MessageListItem({ message }: { message: MessageRow }) {
  const unread = message.readAt === null;
  return (
    <li>
      <Link
        href={`/admin/messages/${message.id}`}
        prefetch={false}
        className="flex items-start gap-4 p-4 hover:bg-paper-deep/50 focus-visible:outline-offset-[-2px]"
      >
        {message.painting ? <PaintingThumb painting={message.painting} size="small" /> : null}
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span className={unread ? 'font-semibold text-ink' : 'text-ink'}>
              {unread && <span className="sr-only">New: </span>}
              {message.name}
            </span>
            <time dateTime={message.createdAt.toISOString()} className="text-xs text-ink-soft">
              {messageTime(message.createdAt)}
            </time>
          </span>
          <span className={`mt-0.5 block truncate ${unread ? 'font-semibold text-ink' : 'text-ink'}`}>
            {message.subject || '(no subject)'}
          </span>
          <span className="mt-0.5 block truncate text-sm text-ink-soft">{message.body}</span>
        </span>
      </Link>
    </li>
  );
}

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** What happened to one address, in order: asked, the confirmation (or why there was none), confirmed, unsubscribed. */
function subscriberHistory(subscriber: Subscriber, mailOn: boolean, now: Date): string[] {
  const lines = [`Asked ${messageTime(subscriber.requestedAt)}`];
  if (subscriber.status === 'pending') {
    if (!subscriber.confirmSentAt)
      lines.push(
        mailOn
          ? 'No confirmation sent: asked while email was not set up, or too many requests came from one connection'
          : 'No confirmation sent: email is not set up',
      );
    else if (subscriber.confirmExpiresAt && subscriber.confirmExpiresAt <= now)
      lines.push(`Confirmation sent ${messageTime(subscriber.confirmSentAt)}; its link has expired`);
    else lines.push(`Confirmation sent ${messageTime(subscriber.confirmSentAt)}`);
  }
  if (subscriber.status === 'confirmed' && subscriber.confirmedAt)
    lines.push(`Confirmed ${messageTime(subscriber.confirmedAt)}`);
  if (subscriber.status === 'unsubscribed' && subscriber.unsubscribedAt)
    lines.push(`Unsubscribed ${messageTime(subscriber.unsubscribedAt)}`);
  return lines;
}

/**
 * Everyone who ticked 'Subscribe' (docs/product.md, Newsletter): where each stands, the words
 * they agreed to and when each step happened. Only confirmed subscribers receive letters.
 */
export function SubscribersView({
  subscribers,
  counts,
  mailOn,
  now = new Date(),
}: {
  subscribers: Subscriber[];
  counts: Record<SubscriberStatus, number>;
  mailOn: boolean;
  now?: Date;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft">
          {counts.confirmed} confirmed, {counts.pending} pending, {counts.unsubscribed} unsubscribed. Only confirmed
          subscribers receive letters: a new address is confirmed when its owner follows the link emailed to them.
          {mailOn ? '' : ' Email is not set up, so no confirmation is sent.'}
        </p>
        <a
          href="/admin/messages/subscribers.csv"
          download
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          Export CSV
        </a>
      </div>
      {subscribers.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
          No subscribers yet.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Agreed to</TableHead>
              <TableHead>When</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {subscribers.map((subscriber) => (
              <TableRow key={subscriber.email}>
                <TableCell className="break-all">{subscriber.email}</TableCell>
                <TableCell>{subscriber.name}</TableCell>
                <TableCell>{STATUS_LABELS[subscriber.status]}</TableCell>
                <TableCell className="min-w-48 text-sm text-ink-soft">{subscriber.consent}</TableCell>
                <TableCell className="text-sm">
                  {subscriberHistory(subscriber, mailOn, now).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </TableCell>
                <TableCell className="text-right">
                  <ConfirmActionButton
                    label="Remove"
                    title={`Remove ${subscriber.email}?`}
                    description="This address will no longer be on the newsletter list. Its messages stay in the inbox."
                    confirmLabel="Yes, remove"
                    action={unsubscribe.bind(null, { email: subscriber.email })}
                    done={{ toast: 'Subscriber removed' }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
