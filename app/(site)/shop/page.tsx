import type { Metadata } from 'next';
import { IntentLink } from '@/components/site/intent-link';
import { GiftIcon, MailIcon } from '@/components/site/icons';
import { PageHeader } from '@/components/site/page-header';
import { ShopListing } from '@/components/site/shop/shop-listing';
import { buttonVariants } from '@/components/ui/button';
import { site } from '@/lib/site';
import { pageMetadata } from '@/lib/seo/metadata';
import { shopCatalogue } from '@/lib/shop/public';
import { shopPage } from '@/lib/shop/storefront';

const OPEN_SHOP_DESCRIPTION =
  'Original watercolours, archival prints, cards and gifts by Elena Marsh, packed by hand in South London and sent worldwide.';

export async function generateMetadata(): Promise<Metadata> {
  const open = (await shopCatalogue()) !== null;
  return pageMetadata({
    title: 'Shop',
    description: open
      ? OPEN_SHOP_DESCRIPTION
      : 'A new store for Elena Marsh’s archival prints, cards and coasters is coming soon. Originals and commissions are available by enquiry.',
    path: '/shop',
  });
}

/**
 * The shop: while the owner keeps it closed (a new site), the store-coming-soon page; once she
 * opens it (/admin/shop), what is for sale (docs/product.md, The shop closed; The shop open).
 */
export default async function ShopPage() {
  const catalogue = await shopCatalogue();
  if (catalogue) return <ShopListing listing={shopPage(catalogue, null, 1)!} filter={null} />;
  return (
    <>
      <PageHeader eyebrow="Shop" title="A New Store Experience Is Coming Soon">
        <p>
          I’m preparing a new online shop for archival prints, greetings cards and coasters. Until it opens, every
          original painting, print and commission is available by enquiry.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-2">
        <section className="rounded-card border border-line bg-white p-6">
          <GiftIcon className="size-7 text-wash-deep" />
          <h2 className="mt-4 text-2xl">Prints, cards and coasters</h2>
          <p className="mt-3 text-ink-soft">
            Archival giclée prints on cotton rag paper, cards for every occasion and watercolour coasters: small,
            lasting gifts of calm. Tell me which painting you love and I’ll let you know what is available.
          </p>
          <IntentLink href="/contact" className={`${buttonVariants()} mt-6`}>
            Contact Me
          </IntentLink>
        </section>
        <section className="rounded-card border border-line bg-wash-light p-6">
          <MailIcon className="size-7 text-wash-deep" />
          <h2 className="mt-4 text-2xl">Be the first to know</h2>
          <p className="mt-3 text-ink-soft">
            Newsletter subscribers hear first when the store opens, and get{' '}
            <strong className="text-ink">{site.newsletterPromo}</strong>. Sign up with the form at the bottom of any
            page.
          </p>
          <IntentLink href="/gallery" className={`${buttonVariants({ variant: 'secondary' })} mt-6`}>
            Browse the Gallery
          </IntentLink>
        </section>
      </div>
    </>
  );
}
