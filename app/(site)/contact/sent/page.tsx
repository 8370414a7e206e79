import type { Metadata } from 'next';
import { IntentLink } from '@/components/site/intent-link';
import { PageHeader } from '@/components/site/page-header';
import { MESSAGE_SENT } from '@/lib/messages/notices';

// Where a message sent without scripts lands (lib/messages/send.ts); not for search engines.
export const metadata: Metadata = { title: MESSAGE_SENT.title, robots: { index: false, follow: true } };

export default function MessageSentPage() {
  return (
    <>
      <PageHeader eyebrow="Contact" title={MESSAGE_SENT.title}>
        <p role="status">{MESSAGE_SENT.description}</p>
      </PageHeader>
      <div className="mx-auto flex max-w-4xl flex-wrap justify-center gap-3 px-4 py-14 sm:px-6">
        <IntentLink href="/gallery" className="btn btn-primary">
          Browse the Gallery
        </IntentLink>
        <IntentLink href="/" className="btn btn-secondary">
          Go to Homepage
        </IntentLink>
      </div>
    </>
  );
}
