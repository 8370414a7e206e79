/* eslint-disable @next/next/no-img-element -- stored WebP variants with their own srcset, as the gallery's cards */
import { IntentLink } from '@/components/site/intent-link';
import { CARD_SIZES, cardImageLoading, cardSrcSet } from '@/components/site/gallery/artwork-card';
import { currentPage } from '@/components/site/current-page';
import { PageHeader } from '@/components/site/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { artworkPath } from '@/lib/categories';
import { GalleryPagination } from '@/components/site/gallery/gallery-pagination';
import {
  SHOP_FILTERS,
  type ShopFilter,
  type ShopOriginal,
  type ShopPage,
  type ShopProduct,
} from '@/lib/shop/storefront';
import { AddProduct, BuyOriginal, BuyOriginalForm } from './buy-forms';
import { formatPence } from '@/lib/shop/money';

/** The id of the listing's one form for buying an original. */
const BUY_ORIGINAL_FORM = 'buy-original';
const KIND_LABELS = { print: 'Print', card: 'Card', coaster: 'Coaster', gift: 'Gift' } as const;

/** /shop while the shop is open: one page of what is for sale, filtered by kind, each with its buying form. */
export function ShopListing({ listing, filter }: { listing: ShopPage; filter: ShopFilter | null }) {
  const empty = listing.items.length === 0;
  return (
    <>
      <PageHeader
        eyebrow="Shop"
        title={`${filter ? SHOP_FILTERS[filter].label : 'Original Paintings, Prints and Gifts'}${listing.page > 1 ? `, page ${listing.page}` : ''}`}
      >
        <p>
          Original watercolours and archival prints, cards and gifts, packed by hand in South London and sent to the UK,
          Europe and beyond.
        </p>
      </PageHeader>
      <div className="shop">
        <nav aria-label="Shop sections" className="shop-filters">
          <ul>
            <FilterLink href="/shop" current={filter === null}>
              All
            </FilterLink>
            {(Object.keys(SHOP_FILTERS) as ShopFilter[]).map((key) => (
              <FilterLink key={key} href={`/shop/${key}`} current={filter === key}>
                {SHOP_FILTERS[key].label}
              </FilterLink>
            ))}
          </ul>
          <IntentLink href="/shop/basket">Your basket</IntentLink>
        </nav>
        {empty ? (
          <p className="mt-12 text-center text-lg text-ink-soft">
            Nothing here just now. New paintings and prints are added often: have a look at the gallery meanwhile.
          </p>
        ) : (
          // Keyed and labelled by position: the list is rendered on the server and never reordered
          // in the browser, and a UUID in each key and heading id cost over 200 bytes a card.
          <>
            {listing.items.some((item) => item.kind === 'original') && <BuyOriginalForm id={BUY_ORIGINAL_FORM} />}
            <ul className="shop-grid">
              {listing.items.map((item, index) => {
                // Only the first card's painting is eager (and so preloaded, with high priority): on a
                // phone the next cards are below the fold, and their preloads would share the slow
                // link with the LCP.
                const eager = listing.page === 1 && index === 0;
                const headingId = `shop-item-${index + 1}`;
                return (
                  <li key={index}>
                    {item.kind === 'original' ? (
                      <OriginalCard art={item.original} eager={eager} />
                    ) : (
                      <ProductCard product={item.product} eager={eager} headingId={headingId} />
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <GalleryPagination
          basePath={filter ? `/shop/${filter}` : '/shop'}
          page={listing.page}
          pageCount={listing.pageCount}
          label="Shop pages"
        />
      </div>
    </>
  );
}

function FilterLink({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <li>
      <IntentLink
        href={href}
        {...currentPage(current)}
        className={buttonVariants({ variant: current ? 'primary' : 'secondary', size: 'sm' })}
      >
        {children}
      </IntentLink>
    </li>
  );
}

function Picture({
  image,
  alt,
  eager,
}: {
  image: {
    imageThumb400Url: string | null;
    imageThumb800Url: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
  };
  alt: string;
  eager: boolean;
}) {
  const src = image.imageThumb800Url ?? image.imageThumb400Url;
  const srcSet = cardSrcSet(image);
  return (
    <div>
      {src && (
        <img
          src={src}
          {...(srcSet ? { srcSet } : {})}
          sizes={CARD_SIZES}
          alt={alt}
          width={image.imageWidth ?? 800}
          height={image.imageHeight ?? 600}
          {...cardImageLoading(eager ? 'high' : 'lazy')}
        />
      )}
    </div>
  );
}

// The articles are not labelled, as the gallery's cards are not: a label (the heading's id) cost
// each card about 60 bytes. A product's heading keeps its id, which its buying form is named by.
function OriginalCard({ art, eager }: { art: ShopOriginal; eager: boolean }) {
  return (
    <article className="art-card shop-card">
      <Picture image={art} alt={art.imageAlt || art.title} eager={eager} />
      <div>
        <div>
          <p>Original painting</p>
          <h2>
            <IntentLink href={artworkPath(art)}>{art.title}</IntentLink>
          </h2>
          {art.description && <p>{art.description}</p>}
        </div>
        <p>{formatPence(art.pence)}</p>
        <BuyOriginal artworkId={art.id} title={art.title} state={art.state} form={BUY_ORIGINAL_FORM} />
      </div>
    </article>
  );
}

function ProductCard({ product, eager, headingId }: { product: ShopProduct; eager: boolean; headingId: string }) {
  return (
    <article className="art-card shop-card">
      {product.artwork ? (
        <Picture image={product.artwork} alt={product.artwork.imageAlt || product.artwork.title} eager={eager} />
      ) : null}
      <div>
        <div>
          <p>{KIND_LABELS[product.kind]}</p>
          <h2 id={headingId}>{product.title}</h2>
          {product.description && <p>{product.description}</p>}
          {/* Classed, unlike the description (.shop-card h2 + p:not([class])) it may follow or replace. */}
          {product.artwork && (
            <p className="mt-2 text-sm text-ink-soft">
              From the painting{' '}
              <IntentLink
                href={artworkPath(product.artwork)}
                className="text-wash-deep underline underline-offset-4 hover:text-ink"
              >
                {product.artwork.title}
              </IntentLink>
            </p>
          )}
        </div>
        <AddProduct product={product} headingId={headingId} />
      </div>
    </article>
  );
}
