import { ExternalLink, Eye } from 'lucide-react';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import type { LetterRow } from '@/lib/db/schema';
import { letterStatusText, type Progress } from '@/lib/newsletter/letter-status';
import { letterPath } from '@/lib/newsletter/links';
import { DeleteLetterButton } from './delete-letter-button';
import { LetterProgressBar } from './letter-progress';
import { RefreshWhileSending } from './refresh-while-sending';

/**
 * A letter that has started going out: read-only (what was sent stays as it was sent), with its
 * progress, drawn again every two seconds while it is sending, and its web version once sent.
 */
export function SentLetter({ letter, progress }: { letter: LetterRow; progress: Progress | null }) {
  const sending = letter.status === 'sending';
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="font-serif text-3xl">{letter.title}</h2>
        {letter.summary ? <p className="mt-2 text-lg text-ink-soft">{letter.summary}</p> : null}
        <p className="mt-3 text-sm text-ink-soft" aria-live="polite">
          {letterStatusText(letter, progress)}. It can no longer be changed.
        </p>
      </div>
      {progress ? <LetterProgressBar progress={progress} sending={sending} /> : null}
      <RefreshWhileSending active={sending} />
      <div className="flex flex-wrap items-center gap-2">
        {letter.status === 'sent' ? (
          <Link href={letterPath(letter.slug)} prefetch={false} className={buttonVariants({ variant: 'secondary' })}>
            <ExternalLink aria-hidden className="size-4" /> View on site
          </Link>
        ) : (
          <Link
            href={`/admin/newsletter/${letter.id}/preview`}
            target="_blank"
            className={buttonVariants({ variant: 'ghost' })}
          >
            <Eye aria-hidden className="size-4" /> Preview as web page
          </Link>
        )}
        {letter.status === 'sent' ? (
          <DeleteLetterButton id={letter.id} title={letter.title} disabled={false} sent />
        ) : null}
      </div>
    </div>
  );
}
