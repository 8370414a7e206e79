import Link from 'next/link';
import {
  Images,
  Inbox,
  LayoutGrid,
  Mail,
  Map,
  NotebookPen,
  Package,
  Plus,
  ScrollText,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  Store,
  Upload,
} from 'lucide-react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';

const cards = [
  {
    href: '/admin/artworks/manage',
    title: 'Manage Artworks',
    description: 'Edit or delete artworks one at a time.',
    icon: Images,
  },
  {
    href: '/admin/artworks/bulk-manage',
    title: 'Bulk Manage',
    description: 'Change category or price, or delete, for many artworks at once.',
    icon: LayoutGrid,
  },
  {
    href: '/admin/artworks/manage',
    title: 'Manage Shop Items',
    description: 'Prices, availability and store links of the artworks for sale.',
    icon: ShoppingBag,
  },
  {
    href: '/admin/blog/manage',
    title: 'Blog Management',
    description: 'Write, schedule and edit the stories on the blog.',
    icon: NotebookPen,
  },
  {
    href: '/admin/newsletter',
    title: 'Newsletter',
    description: 'Write letters to your subscribers, test them, and send them now or later.',
    icon: Mail,
  },
] as const;

const tools = [
  {
    href: '/admin/tools/sitemap',
    title: 'Sitemap Manager',
    description: 'Regenerate the sitemap and notify search engines.',
    icon: Map,
  },
  {
    href: '/admin/tools/seo-retrofit',
    title: 'AI SEO Retrofit',
    description: 'Fill in missing SEO metadata on existing artworks.',
    icon: Sparkles,
  },
  {
    href: '/admin/logs/app',
    title: 'Application Logs',
    description: 'Server and browser events: errors, warnings and what happened when.',
    icon: ScrollText,
  },
  {
    href: '/admin/logs/ai',
    title: 'AI Retrofit Logs',
    description: 'What the AI retrofit could not do, artwork by artwork.',
    icon: ScrollText,
  },
  {
    href: '/admin/shop',
    title: 'Shop & Payments',
    description: 'Open the shop, products and prices, shipping and Stripe.',
    icon: Store,
  },
  {
    href: '/admin/orders',
    title: 'Orders',
    description: 'Paid orders, shipping and refunds; CSV export.',
    icon: Package,
  },
] as const;

/**
 * The admin dashboard (docs/product.md, Dashboard): greeting, quick actions, the Insights summary
 * (streamed in by the page, so a slow read holds up nothing else), section cards and advanced
 * tools; "n to ship" (the shop's paid orders not shipped yet) only while there are some.
 */
export function Dashboard({
  email,
  insights,
  newMessages = null,
  toShip = null,
}: {
  email: string | null;
  insights?: React.ReactNode;
  newMessages?: number | null;
  toShip?: number | null;
}) {
  return (
    <div className="flex flex-col gap-10">
      <DashboardHeader email={email} />

      {toShip ? (
        <p>
          <Link
            href="/admin/orders"
            className="inline-flex items-center gap-2 rounded-full border border-wash bg-white px-4 py-2 font-medium text-ink underline-offset-4 hover:underline"
          >
            <Package aria-hidden className="size-4 text-wash" />
            {`${toShip} to ship`}
          </Link>
        </p>
      ) : null}

      {insights}

      <section aria-labelledby="manage-heading">
        <h2 id="manage-heading" className="sr-only">
          Manage
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ href, title, description, icon: Icon }) => (
            <li key={title}>
              <Link
                href={href}
                className="group block h-full rounded-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wash"
              >
                <Card className="h-full transition-colors group-hover:border-wash">
                  <Icon aria-hidden className="mb-3 size-6 text-wash" />
                  <CardTitle className="group-hover:underline group-hover:underline-offset-4">{title}</CardTitle>
                  <CardDescription>{description}</CardDescription>
                </Card>
              </Link>
            </li>
          ))}
          <li>
            <Link
              href="/admin/messages"
              className="group block h-full rounded-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wash"
            >
              <Card className="h-full transition-colors group-hover:border-wash">
                <Inbox aria-hidden className="mb-3 size-6 text-wash" />
                <CardTitle className="group-hover:underline group-hover:underline-offset-4">Messages</CardTitle>
                <CardDescription>
                  {newMessages ? (
                    <span className="mr-2 inline-block rounded-full bg-wash px-2 py-0.5 text-xs font-semibold text-white">
                      {newMessages} new
                    </span>
                  ) : null}
                  Enquiries and messages from visitors, and newsletter subscribers.
                </CardDescription>
              </Card>
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="tools-heading">
        <h2 id="tools-heading" className="font-serif text-2xl">
          Advanced tools
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {tools.map(({ href, title, description, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="group flex h-full items-start gap-3 rounded-card border border-line bg-white p-5 hover:border-wash focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wash"
              >
                <Icon aria-hidden className="mt-1 size-5 shrink-0 text-wash" />
                <span>
                  <span className="block font-medium text-ink group-hover:underline group-hover:underline-offset-4">
                    {title}
                  </span>
                  <span className="mt-1 block text-sm text-ink-soft">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The greeting and the quick actions: add artworks, the account, sign out. */
function DashboardHeader({ email }: { email: string | null }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Admin Dashboard</h1>
        <p className="mt-2 text-ink-soft">
          Welcome back
          {email ? (
            <>
              , <span className="font-medium text-ink">{email}</span>
            </>
          ) : null}
          .
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link href="/admin/artworks/bulk-upload" className={buttonVariants({ variant: 'secondary' })}>
          <Upload aria-hidden className="size-4" /> Bulk Upload
        </Link>
        <Link href="/admin/artworks/add" className={buttonVariants()}>
          <Plus aria-hidden className="size-4" /> Add Single Artwork
        </Link>
        <Link href="/admin/account" className={buttonVariants({ variant: 'secondary' })}>
          <ShieldCheck aria-hidden className="size-4" /> Account
        </Link>
        <SignOutButton>Logout</SignOutButton>
      </div>
    </div>
  );
}
