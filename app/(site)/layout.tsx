import { SiteFooter } from '@/components/site/footer/site-footer';
import { SiteHeader } from '@/components/site/header/site-header';
import { SkipLink } from '@/components/site/skip-link';

/**
 * The public shell. Admin (/admin) and debug (/__debug) pages live outside this route group,
 * which is how the header and footer stay off them (docs/product.md, Public site).
 */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
