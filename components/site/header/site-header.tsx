import { IntentLink } from '@/components/site/intent-link';
import { site } from '@/lib/site';
import { SiteNav } from './site-nav';

/** Sticky 80 px header. Only the navigation is a client island (active link, mobile menu). */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 h-20 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <IntentLink href="/" className="flex min-h-11 flex-col justify-center leading-tight">
          <span className="font-serif text-xl font-semibold sm:text-2xl">{site.name}</span>
          <span className="text-sm text-ink-soft">{site.tagline}</span>
        </IntentLink>
        <SiteNav />
      </div>
    </header>
  );
}
