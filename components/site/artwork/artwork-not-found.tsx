import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';

/**
 * An artwork URL that names no published painting (docs/product.md, Artwork page): a link back to
 * /gallery.
 */
export function ArtworkNotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-wash-deep">404</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">Artwork Not Found</h1>
      <p className="mt-5 text-lg text-ink-soft">
        This painting may have been sold, renamed or taken down. There are plenty more to see.
      </p>
      <div className="mt-8 flex justify-center">
        <IntentLink href="/gallery" className={buttonVariants()}>
          Back to the Gallery
        </IntentLink>
      </div>
    </section>
  );
}
