import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { OrderTabs, OrdersTable } from '@/components/admin/orders/orders-view';
import { buttonVariants } from '@/components/ui/button-variants';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { mailSettings } from '@/lib/mail';
import { StrayPayments } from '@/components/admin/orders/stray-payments';
import { listOrders, listStrayPayments, orderCounts, parseOrderView } from '@/lib/shop/orders';

export const metadata: Metadata = { title: { absolute: 'Orders - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage
      title="Orders"
      back={[{ href: '/admin', label: 'Back to Dashboard' }]}
      actions={
        <a href="/admin/orders/orders.csv" download className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          Export CSV
        </a>
      }
    >
      <Orders searchParams={searchParams} />
    </AdminPage>
  );
}

async function Orders({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  const view = parseOrderView(params.view);
  const [counts, orders, strays] = await Promise.all([
    orderCounts(ctx.db),
    listOrders(ctx.db, view),
    listStrayPayments(ctx.db),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <StrayPayments payments={strays} />
      <p className="text-sm text-ink-soft">
        {mailSettings()
          ? 'Each paid order is emailed to you, and the buyer gets a thank-you email; marking an order shipped emails the buyer the carrier and tracking number.'
          : 'Order emails are not sent yet: they wait until whoever runs the site sets up outgoing email (SMTP_URL and MAIL_FROM), then go out.'}
      </p>
      <OrderTabs current={view} counts={counts} />
      <OrdersTable view={view} orders={orders} />
    </div>
  );
}
