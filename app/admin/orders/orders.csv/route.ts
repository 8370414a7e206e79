import { adminRoute } from '@/lib/actions/admin-route';
import { listOrders, ORDER_CSV_LIMIT, ordersCsv } from '@/lib/shop/orders';

/** Every paid, shipped and refunded order as a CSV file, for the books. Admin only, never cached. */
export const GET = adminRoute(async (_request, ctx) => {
  return new Response(ordersCsv(await listOrders(ctx.db, 'all', ORDER_CSV_LIMIT)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename=orders.csv',
      'Cache-Control': 'no-store',
    },
  });
});
