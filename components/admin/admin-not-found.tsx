import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { AdminShell } from './admin-shell';

/** The admin's 404: the admin frame, what happened, and the way back to the dashboard. */
export function AdminNotFound() {
  return (
    <AdminShell>
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="font-serif text-3xl sm:text-4xl">Page not found</h1>
        <p className="mt-4 text-ink-soft">
          There is no admin page at this address. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/admin" className={buttonVariants()}>
            Back to Dashboard
          </Link>
          <Link href="/admin/artworks/manage" className={buttonVariants({ variant: 'secondary' })}>
            Manage Artworks
          </Link>
        </div>
      </div>
    </AdminShell>
  );
}
