import { IntentLink } from '@/components/site/intent-link';
import { site } from '@/lib/site';
import { SiteNav } from './site-nav';

/** Sticky 80 px header. Only the navigation is a client island (active link, mobile menu). */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div>
        <IntentLink href="/" className="site-brand">
          <span>{site.name}</span>
          <span>{site.tagline}</span>
        </IntentLink>
        <SiteNav />
      </div>
    </header>
  );
}
