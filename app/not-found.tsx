import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/site/not-found-message';

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } };

/**
 * 404 for a URL no route matches. It renders in the root layout only, so it carries no site
 * header: unmatched /admin and /__debug paths land here too, and those never show the shell.
 */
export default function NotFound() {
  return (
    <main id="main-content">
      <NotFoundMessage />
    </main>
  );
}
