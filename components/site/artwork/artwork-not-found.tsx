import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';

/**
 * An artwork URL that names no published painting (docs/product.md, Artwork page): a link back to
 * /gallery.
 */
export function ArtworkNotFound() {
  return (
    <section className="not-found">
      <p>404</p>
      <h1>Artwork Not Found</h1>
      <p>This painting may have been sold, renamed or taken down. There are plenty more to see.</p>
      <div className="mt-8 flex justify-center">
        <IntentLink href="/gallery" className={buttonVariants()}>
          Back to the Gallery
        </IntentLink>
      </div>
    </section>
  );
}
