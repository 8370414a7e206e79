import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';

/** The general 404 message, inside the site shell or on its own. */
export function NotFoundMessage() {
  return (
    <section className="not-found">
      <p>404</p>
      <h1>Page Not Found</h1>
      <p>This page may have moved, or the link may be mistyped. The paintings are still here.</p>
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
