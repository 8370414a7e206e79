import { IntentLink } from '@/components/site/intent-link';
import { storyParagraphs } from '@/lib/artworks/format';
import { artworkPath, categorySlug } from '@/lib/categories';
import type { PublicArtwork } from '@/lib/artworks/queries';
import { contactHref, enquirySubject } from '@/lib/forms/contact-link';
import { formatPrice } from '@/lib/price';
import type { ArtworkOffer } from '@/lib/shop/storefront';
import { AddProduct, BuyOriginal } from '../shop/buy-forms';
import { ArtworkFacts } from './artwork-facts';
import { ArtworkImage } from './artwork-image';
import { Breadcrumb } from './breadcrumb';
import { EnquireButton } from './enquire-button';
import { ShareLinks } from './share-links';
import { TrustPoints } from './trust-points';
import { ViewOnWall } from './view-on-wall';

/**
 * The artwork page: image beside its particulars on desktop, stacked on phones; the story below.
 * `offer`: only while the shop is open (lib/shop/public.ts), "Buy this original" beside the enquiry
 * and what is made from the painting; without it the page is the enquiry-only one (docs/product.md,
 * Artwork page).
 */
export function ArtworkDetail({
  art,
  origin,
  receivingMessages = false,
  offer = null,
}: {
  art: PublicArtwork;
  origin: string;
  receivingMessages?: boolean;
  offer?: ArtworkOffer | null;
}) {
  const url = new URL(artworkPath(art), origin).toString();
  const image = art.imageUrl ? new URL(art.imageUrl, origin).toString() : null;
  const price = formatPrice(art.price);
  const story = storyParagraphs(art.story);
  const collectionHref = `/gallery/${categorySlug(art.category)}`;
  const enquiryHref = contactHref(enquirySubject(art.title), receivingMessages ? art.id : null);
  return (
    <article className="artwork">
      <Breadcrumb
        trail={[
          { name: 'Gallery', href: '/gallery' },
          ...(art.category ? [{ name: art.category, href: collectionHref }] : []),
          { name: art.title, href: artworkPath(art) },
        ]}
      />
      <div className="artwork-columns">
        <ArtworkImage art={art} />
        <div className="artwork-info">
          <header>
            {art.category && (
              <p className="kicker">
                <IntentLink href={collectionHref}>{art.category}</IntentLink>
              </p>
            )}
            <h1>{art.title}</h1>
            {art.description && <p>{art.description}</p>}
          </header>
          <div className="artwork-panel">
            <div className="artwork-price">
              <p>Original</p>
              <p>{price ?? 'Price on request'}</p>
            </div>
            <div className="artwork-actions">
              {offer?.original ? <BuyOriginal artworkId={art.id} title={art.title} state={offer.original} /> : null}
              <EnquireButton contactHref={enquiryHref} />
              <IntentLink href={enquiryHref}>Ask about this painting</IntentLink>
            </div>
            <TrustPoints />
          </div>
          {offer && offer.products.length > 0 ? <MadeFromIt offer={offer} /> : null}
          <ArtworkFacts art={art} />
          <ViewOnWall art={art} />
          <ShareLinks url={url} title={art.title} image={image} />
        </div>
      </div>
      {story.length > 0 && (
        <section aria-labelledby="story-heading" className="artwork-story">
          <h2 id="story-heading">The story behind the painting</h2>
          <div>
            {story.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </section>
      )}
    </article>
  );
}

/** Prints, cards and gifts made from this painting, each with its options and "Add to basket". */
function MadeFromIt({ offer }: { offer: ArtworkOffer }) {
  return (
    <section aria-labelledby="made-from-heading" className="artwork-panel">
      <h2 id="made-from-heading" className="text-2xl">
        Prints and gifts of this painting
      </h2>
      <ul className="flex flex-col gap-6">
        {offer.products.map((product, index) => (
          <li key={index} className="flex flex-col gap-3">
            <h3 id={`made-from-${index + 1}`} className="font-medium text-ink">
              {product.title}
            </h3>
            {product.description && <p className="text-sm text-ink-soft">{product.description}</p>}
            <AddProduct product={product} headingId={`made-from-${index + 1}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
