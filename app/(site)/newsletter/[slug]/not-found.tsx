import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';

export default function LetterNotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl sm:text-5xl">Letter Not Found</h1>
      <p className="mt-5 text-lg text-ink-soft">This letter may not have been sent yet, or the link may be mistyped.</p>
      <IntentLink href="/newsletter" className={`${buttonVariants()} mt-8`}>
        Past letters
      </IntentLink>
    </section>
  );
}
