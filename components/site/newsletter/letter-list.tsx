import { IntentLink } from '@/components/site/intent-link';
import { letterPath } from '@/lib/newsletter/links';
import { londonDay } from '@/lib/newsletter/london-time';
import type { PublicLetter } from '@/lib/newsletter/public';
import { letterDate } from './letter-article';

/** /newsletter's list: each sent letter's title, day and preview line, the newest first. */
export function LetterList({ letters }: { letters: readonly PublicLetter[] }) {
  if (letters.length === 0)
    return (
      <p className="text-center text-lg text-ink-soft">
        No letters yet. To have the first in your inbox, tick the newsletter box when you send a message with the form
        at the foot of this page.
      </p>
    );
  return (
    <ol className="flex flex-col gap-6">
      {letters.map((letter) => (
        <li key={letter.slug}>
          <article className="group relative rounded-card border border-line bg-white p-6 shadow-sm">
            <h2 className="text-2xl leading-snug">
              {/* The whole card is clickable through this link's ::after; one link per card for screen readers. */}
              <IntentLink href={letterPath(letter.slug)} className="after:absolute after:inset-0 group-hover:underline">
                {letter.title}
              </IntentLink>
            </h2>
            <p className="mt-2 text-sm text-ink-soft">
              <time dateTime={letterDate(letter.sentAt)}>{londonDay(letter.sentAt)}</time>
            </p>
            {letter.summary ? <p className="mt-3 text-ink-soft">{letter.summary}</p> : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
