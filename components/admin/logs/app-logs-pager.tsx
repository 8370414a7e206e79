import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';
import type { AppLogCursor, AppLogFilters } from '@/lib/log-viewer/queries';
import { appLogsHref } from '@/lib/log-viewer/params';

/**
 * Newest 100 first (docs/product.md, Application Logs); older rows a page at a time, and back to
 * the newest.
 */
export function AppLogsPager({
  filters,
  shown,
  older,
  paged,
}: {
  filters: AppLogFilters;
  shown: number;
  older: AppLogCursor | null;
  paged: boolean;
}) {
  const link = buttonVariants({ variant: 'secondary', size: 'sm' });
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      {paged ? (
        <Link href={appLogsHref(filters)} className={link}>
          <span aria-hidden>←</span> Newest logs
        </Link>
      ) : (
        <span />
      )}
      <p className="text-ink-soft">
        {paged
          ? `${shown} older ${shown === 1 ? 'entry' : 'entries'}`
          : `The latest ${shown} ${shown === 1 ? 'entry' : 'entries'}`}
      </p>
      {older ? (
        <Link href={appLogsHref(filters, older)} className={link} rel="next">
          Older logs <span aria-hidden>→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
