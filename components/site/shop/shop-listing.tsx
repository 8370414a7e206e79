/* eslint-disable @next/next/no-img-element -- stored WebP variants with their own srcset, as the gallery's cards */
import { IntentLink } from '@/components/site/intent-link';
import { cardSrcSet } from '@/components/site/gallery/artwork-card';
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
import { AddProduct, BuyOriginal } from './buy-forms';
import { formatPence } from '@/lib/shop/money';

const CARD_SIZES = '(min-width: 1024px) 340px, (min-width: 640px) 45vw, 90vw';
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
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <nav aria-label="Shop sections" className="flex flex-wrap items-center justify-between gap-4">
          <ul className="flex flex-wrap gap-2">
            <FilterLink href="/shop" current={filter === null}>
              All
            </FilterLink>
            {(Object.keys(SHOP_FILTERS) as ShopFilter[]).map((key) => (
              <FilterLink key={key} href={`/shop/${key}`} current={filter === key}>
                {SHOP_FILTERS[key].label}
              </FilterLink>
            ))}
          </ul>
          <IntentLink
            href="/shop/basket"
            className="inline-flex min-h-11 items-center font-medium text-wash-deep underline underline-offset-4 hover:text-ink"
          >
            Your basket
          </IntentLink>
        </nav>
        {empty ? (
          <p className="mt-12 text-center text-lg text-ink-soft">
            Nothing here just now. New paintings and prints are added often: have a look at the gallery meanwhile.
          </p>
        ) : (
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {listing.items.map((item, index) => {
              const eager = listing.page === 1 && index < 3;
              return item.kind === 'original' ? (
                <li key={`o-${item.original.id}`} className="flex">
                  <OriginalCard art={item.original} eager={eager} />
                </li>
              ) : (
                <li key={`p-${item.product.id}`} className="flex">
                  <ProductCard product={item.product} eager={eager} />
                </li>
              );
            })}
          </ul>
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
        aria-current={current ? 'page' : undefined}
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
  return (
    <div className="art-card-mount">
      {src && (
        <img
          src={src}
          srcSet={cardSrcSet(image)}
          sizes={CARD_SIZES}
          alt={alt}
          width={image.imageWidth ?? 800}
          height={image.imageHeight ?? 600}
          loading={eager ? 'eager' : 'lazy'}
          decoding={eager ? undefined : 'async'}
          className="art-card-image"
        />
      )}
    </div>
  );
}

function OriginalCard({ art, eager }: { art: ShopOriginal; eager: boolean }) {
  const headingId = `original-${art.id}`;
  return (
    <article className="art-card w-full" aria-labelledby={headingId}>
      <Picture image={art} alt={art.imageAlt || art.title} eager={eager} />
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex-1">
          <p className="art-card-kicker">Original painting</p>
          <h2 id={headingId} className="mt-2 text-2xl leading-snug">
            <IntentLink href={artworkPath(art)} className="hover:underline hover:underline-offset-4">
              {art.title}
            </IntentLink>
          </h2>
          {art.description && <p className="art-card-description">{art.description}</p>}
        </div>
        <p className="font-serif text-lg text-ink">{formatPence(art.pence)}</p>
        <BuyOriginal artworkId={art.id} title={art.title} state={art.state} />
      </div>
    </article>
  );
}

function ProductCard({ product, eager }: { product: ShopProduct; eager: boolean }) {
  const headingId = `product-${product.id}`;
  return (
    <article className="art-card w-full" aria-labelledby={headingId}>
      {product.artwork ? (
        <Picture image={product.artwork} alt={product.artwork.imageAlt || product.artwork.title} eager={eager} />
      ) : null}
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex-1">
          <p className="art-card-kicker">{KIND_LABELS[product.kind]}</p>
          <h2 id={headingId} className="mt-2 text-2xl leading-snug">
            {product.title}
          </h2>
          {product.description && <p className="art-card-description">{product.description}</p>}
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
