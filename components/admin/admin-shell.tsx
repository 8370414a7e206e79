import Link from 'next/link';
import { Suspense } from 'react';
import { ToastOnMount } from '@/components/admin/artworks/redirect-with-toast';
import { adminForPage } from '@/lib/actions/admin-page';
import { countNewMessages } from '@/lib/messages/inbox';

/**
 * The admin frame: a slim bar back to the dashboard and the page's own content. Its links and
 * the back links do not prefetch: admin pages render per request, and every save clears the
 * router's cache, so a bulk upload of twenty paintings would render the dashboard twenty times
 * over for a click that may never come.
 */
export function AdminShell({
  children,
  newMessages,
}: {
  children: React.ReactNode;
  newMessages?: Promise<number | null>;
}) {
  return (
    <div className="min-h-dvh bg-paper">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
          <Link
            href="/admin"
            prefetch={false}
            className="font-serif text-lg text-ink underline-offset-4 hover:underline"
          >
            Elena Marsh <span className="text-ink-soft">· Admin</span>
          </Link>
          <nav aria-label="Admin" className="flex items-center gap-4 text-sm">
            <Suspense fallback={<MessagesLink count={null} />}>
              <MessagesLinkForAdmin count={newMessages} />
            </Suspense>
            <Link href="/" prefetch={false} className="text-ink-soft underline-offset-4 hover:underline">
              View site
            </Link>
          </nav>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        {children}
      </main>
    </div>
  );
}

/** Messages in the admin bar, with how many are new (docs/product.md, Messages). */
function MessagesLink({ count }: { count: number | null }) {
  return (
    <Link
      href="/admin/messages"
      prefetch={false}
      className="inline-flex items-center gap-1.5 text-ink-soft underline-offset-4 hover:underline"
    >
      Messages
      {count ? <span className="rounded-full bg-wash px-2 text-xs font-semibold text-white">{count} new</span> : null}
    </Link>
  );
}

/** `count`: the page's own count, where it changes what is new (opening a message marks it read). */
async function MessagesLinkForAdmin({ count }: { count?: Promise<number | null> }) {
  if (count) return <MessagesLink count={await count.catch(() => null)} />;
  const ctx = await adminForPage().catch(() => null);
  if (!ctx) return <MessagesLink count={null} />;
  return <MessagesLink count={await countNewMessages(ctx.db).catch(() => null)} />;
}

/** A back link above an admin page's title. */
export type Back = { href: string; label: string };

/**
 * An admin page: the frame, its heading row (the title, back links, actions) and its content,
 * which reads per request under Suspense, showing 'Loading Admin Module...' meanwhile. Pages
 * without a heading row of their own (the dashboard, a story's preview) leave out the title.
 */
export function AdminPage({
  title,
  back = [],
  actions,
  newMessages,
  children,
}: {
  title?: string;
  back?: readonly Back[];
  actions?: React.ReactNode;
  newMessages?: Promise<number | null>;
  children: React.ReactNode;
}) {
  return (
    <AdminShell newMessages={newMessages}>
      {title ? (
        <AdminPageHeader
          title={title}
          back={
            back.length
              ? back.map(({ href, label }) => (
                  <BackLink key={href} href={href}>
                    {label}
                  </BackLink>
                ))
              : undefined
          }
          actions={actions}
        />
      ) : null}
      <Suspense fallback={<AdminLoading />}>{children}</Suspense>
    </AdminShell>
  );
}

/** What an admin page shows when its read failed (readForPage's message), also as a toast. */
export function ReadFailed({ title, error }: { title: string; error: string }) {
  return (
    <div role="alert" className="rounded-card border border-clay/40 bg-white p-6 text-ink">
      <ToastOnMount title={title} description={error} />
      {title}: {error}
    </div>
  );
}

/** What shows while an admin page's data loads (docs/product.md: 'Loading Admin Module...'). */
export function AdminLoading() {
  return (
    <p role="status" className="py-16 text-center text-ink-soft">
      Loading Admin Module...
    </p>
  );
}

/** Heading row of an admin page: the title, optional back links and actions. */
export function AdminPageHeader({
  title,
  back,
  actions,
}: {
  title: string;
  back?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4">
      {back ? (
        <nav aria-label="Back" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {back}
        </nav>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl sm:text-4xl">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      prefetch={false}
      className="inline-flex min-h-6 items-center text-wash underline underline-offset-4 hover:text-wash-deep"
    >
      <span aria-hidden>←&nbsp;</span>
      {children}
    </Link>
  );
}
