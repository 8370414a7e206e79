import { IntentLink } from '@/components/site/intent-link';
import { ArrowLeftIcon, CalendarIcon } from '@/components/site/icons';
import { LETTERS_PATH } from '@/lib/newsletter/links';
import { londonDay, toLondonLocal } from '@/lib/newsletter/london-time';
import type { PublicLetter } from '@/lib/newsletter/public';

/** The day a letter went out, for <time dateTime>: London's date. */
export const letterDate = (date: Date) => toLondonLocal(date).slice(0, 10);

type Props = {
  letter: Pick<PublicLetter, 'title' | 'summary' | 'content'> & { sentAt: Date | null };
  /** "new paintings, exhibitions and 20% off prints" (lib/newsletter/promise.ts). */
  promise: string;
};

/**
 * A letter's web version (docs/product.md, Letters): its title, the day it went out,
 * its preview line and its body, set as a story's is, then an invitation to subscribe. The admin's
 * "Preview as web page" shows the same, before it is sent.
 */
export function LetterArticle({ letter, promise }: Props) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <IntentLink
        href={LETTERS_PATH}
        className="inline-flex min-h-11 items-center gap-2 text-wash-deep hover:underline"
      >
        <ArrowLeftIcon className="size-4" />
        Past letters
      </IntentLink>
      <header className="mt-6">
        <p className="eyebrow">Newsletter</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{letter.title}</h1>
        <p className="mt-6 inline-flex items-center gap-2 text-ink-soft">
          <CalendarIcon className="size-4" />
          {letter.sentAt ? (
            <time dateTime={letterDate(letter.sentAt)}>{londonDay(letter.sentAt)}</time>
          ) : (
            'Not sent yet'
          )}
        </p>
        {letter.summary ? <p className="mt-6 text-xl text-ink-soft">{letter.summary}</p> : null}
      </header>
      {/* The owner's HTML, cleaned with the stories' allowlist at save and again when read (lib/rich-text/sanitize.ts). */}
      <div className="story-body mt-6" dangerouslySetInnerHTML={{ __html: letter.content }} />
      <footer className="mt-12 border-t border-line pt-6 text-ink-soft">
        <p>
          Letters like this one bring {promise}. To have the next one in your inbox, tick the newsletter box when you
          send a message with the form at the foot of this page.
        </p>
      </footer>
    </article>
  );
}
