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
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Breadcrumb
        trail={[
          { name: 'Gallery', href: '/gallery' },
          ...(art.category ? [{ name: art.category, href: collectionHref }] : []),
          { name: art.title, href: artworkPath(art) },
        ]}
      />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-14">
        <ArtworkImage art={art} />
        <div className="flex flex-col gap-8">
          <header>
            {art.category && (
              <p className="text-xs font-semibold uppercase tracking-[0.14em] text-wash-deep">
                <IntentLink href={collectionHref} className="inline-flex min-h-6 items-center hover:underline">
                  {art.category}
                </IntentLink>
              </p>
            )}
            <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{art.title}</h1>
            {art.description && <p className="mt-5 text-lg leading-relaxed text-ink-soft">{art.description}</p>}
          </header>
          <div className="flex flex-col gap-5 rounded-card border border-line bg-white p-6">
            <div className="flex items-baseline justify-between gap-4">
              <p className="text-sm text-ink-soft">Original</p>
              <p className="font-serif text-3xl text-ink">{price ?? 'Price on request'}</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-5">
              {offer?.original ? <BuyOriginal artworkId={art.id} title={art.title} state={offer.original} /> : null}
              <EnquireButton contactHref={enquiryHref} />
              <IntentLink
                href={enquiryHref}
                className="inline-flex min-h-11 items-center self-center whitespace-nowrap text-sm font-medium text-wash-deep underline underline-offset-4 hover:text-ink sm:self-auto"
              >
                Ask about this painting
              </IntentLink>
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
        <section aria-labelledby="story-heading" className="mx-auto mt-20 max-w-2xl border-t border-line pt-14">
          <h2 id="story-heading" className="text-3xl">
            The story behind the painting
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-soft">
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
    <section
      aria-labelledby="made-from-heading"
      className="flex flex-col gap-5 rounded-card border border-line bg-white p-6"
    >
      <h2 id="made-from-heading" className="text-2xl">
        Prints and gifts of this painting
      </h2>
      <ul className="flex flex-col gap-6">
        {offer.products.map((product) => (
          <li key={product.id} className="flex flex-col gap-3">
            <h3 id={`product-${product.id}`} className="font-medium text-ink">
              {product.title}
            </h3>
            {product.description && <p className="text-sm text-ink-soft">{product.description}</p>}
            <AddProduct product={product} headingId={`product-${product.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
