import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';
import { artworkPath } from '@/lib/categories';
import { deleteVisitorMessage, eraseEverythingFrom, moveMessageTo, setMessageRead } from '@/lib/messages/actions';
import type { MessageRow } from '@/lib/messages/inbox';
import { messagesHref } from '@/lib/messages/params';
import { replyMailto } from '@/lib/messages/reply';
import { messageTime } from './format';
import { ConfirmActionButton, MessageActionButton } from './message-buttons';
import { PaintingThumb } from './painting-thumb';

const SPAM_REASONS: Record<string, string> = {
  honeypot: 'it filled in a field people never see',
  'too-fast': 'it was sent within seconds of the form being shown',
  'bad-token': 'its form token was not the site’s own',
  links: 'it holds more than two links',
  ceiling: 'more messages than usual arrived within the hour',
};

/** One message: who wrote, about which painting, the words as text, and what the owner can do with it. */
export function MessageDetail({ message }: { message: MessageRow }) {
  const { id, folder } = message;
  const back = messagesHref({ view: folder });
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-2 rounded-card border border-line bg-white p-5">
        <h2 className="font-serif text-2xl">{message.subject || '(no subject)'}</h2>
        <p>
          From <span className="font-medium">{message.name}</span> &lt;
          <span className="break-all">{message.email}</span>&gt;
        </p>
        <p className="text-sm text-ink-soft">
          <time dateTime={message.createdAt.toISOString()}>{messageTime(message.createdAt)}</time>, sent from the{' '}
          {message.form === 'contact' ? 'contact page' : 'footer form'}
          {folder === 'spam' && message.spamReason
            ? `. In Spam because ${SPAM_REASONS[message.spamReason] ?? message.spamReason}.`
            : '.'}
        </p>
      </header>

      {message.painting && (
        <section
          aria-label="The painting asked about"
          className="flex items-center gap-4 rounded-card border border-line bg-white p-5"
        >
          <PaintingThumb painting={message.painting} size="large" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">{message.painting.title}</p>
            <p className="flex flex-wrap gap-x-4 text-sm">
              <a href={artworkPath(message.painting)} className="text-wash underline underline-offset-4">
                View on site
              </a>
              <Link
                href={`/admin/artworks/edit/${message.painting.id}`}
                prefetch={false}
                className="text-wash underline underline-offset-4"
              >
                Edit artwork
              </Link>
            </p>
          </div>
        </section>
      )}

      {/* Visitor text, shown as text: React escapes it; pre-wrap keeps its line breaks. */}
      <div className="rounded-card border border-line bg-white p-5 leading-relaxed whitespace-pre-wrap break-words">
        {message.body}
      </div>

      <div className="flex flex-wrap gap-2">
        <a href={replyMailto(message)} className={buttonVariants({ size: 'sm' })}>
          Reply by email
        </a>
        <MessageActionButton
          label="Mark unread"
          action={setMessageRead.bind(null, { id, read: false })}
          done={{ toast: 'Marked unread', then: back }}
        />
        {folder === 'inbox' && (
          <MessageActionButton
            label="Archive"
            action={moveMessageTo.bind(null, { id, folder: 'archive' })}
            done={{ toast: 'Archived', then: back }}
          />
        )}
        {folder !== 'inbox' && (
          <MessageActionButton
            label={folder === 'spam' ? 'Not spam' : 'Move to Inbox'}
            action={moveMessageTo.bind(null, { id, folder: 'inbox' })}
            done={{ toast: 'Moved to the inbox', then: messagesHref({}) }}
          />
        )}
        {folder !== 'spam' && (
          <MessageActionButton
            label="Spam"
            action={moveMessageTo.bind(null, { id, folder: 'spam' })}
            done={{ toast: 'Moved to Spam', then: back }}
          />
        )}
        <ConfirmActionButton
          label="Delete"
          title="Delete this message?"
          description={`The message from ${message.name} will be deleted for good. This action cannot be undone.`}
          confirmLabel="Yes, delete"
          action={deleteVisitorMessage.bind(null, { id })}
          done={{ toast: 'Message deleted', then: back }}
        />
        <ConfirmActionButton
          label="Delete everything from this address"
          title={`Delete everything from ${message.email}?`}
          description="Every message from this address, in every folder, and its newsletter subscription will be deleted for good. This action cannot be undone."
          confirmLabel="Yes, delete everything"
          action={eraseEverythingFrom.bind(null, { email: message.email })}
          done={{ toast: 'Everything from this address was deleted', then: messagesHref({}) }}
        />
      </div>
    </article>
  );
}
