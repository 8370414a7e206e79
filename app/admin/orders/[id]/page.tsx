import type { Metadata } from 'next';
import { z } from 'zod';
import { AdminPage } from '@/components/admin/admin-shell';
import { OrderDetail } from '@/components/admin/orders/order-detail';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { mailSettings } from '@/lib/mail';
import { readOrder } from '@/lib/shop/orders';

export const metadata: Metadata = { title: { absolute: 'Order - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type Params = Promise<{ id: string }>;

export default function OrderPage({ params }: { params: Params }) {
  return (
    <AdminPage title="Order" back={[{ href: '/admin/orders', label: 'Back to Orders' }]}>
      <Order params={params} />
    </AdminPage>
  );
}

async function Order({ params }: { params: Params }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const order = z.uuid().safeParse(id).success ? await readOrder(ctx.db, id) : null;
  if (!order)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        This order does not exist.
      </p>
    );
  return <OrderDetail order={order} mailConfigured={mailSettings() !== null} />;
}
