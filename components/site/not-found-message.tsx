import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';

/** The general 404 message, inside the site shell or on its own. */
export function NotFoundMessage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-wash-deep">404</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">Page Not Found</h1>
      <p className="mt-5 text-lg text-ink-soft">
        This page may have moved, or the link may be mistyped. The paintings are still here.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <IntentLink href="/" className={buttonVariants()}>
          Go to Homepage
        </IntentLink>
        <IntentLink href="/gallery" className={buttonVariants({ variant: 'secondary' })}>
          Browse the Gallery
        </IntentLink>
      </div>
    </section>
  );
}
