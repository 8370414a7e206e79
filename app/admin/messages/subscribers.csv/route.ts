import { adminRoute } from '@/lib/actions/admin-route';
import { listSubscribers, subscribersCsv } from '@/lib/newsletter/subscriber-list';

/** The newsletter subscribers as a CSV file, the Subscribers list's columns (lib/newsletter/subscriber-list.ts). Admin only, never cached. */
export const GET = adminRoute(async (_request, ctx) => {
  return new Response(subscribersCsv(await listSubscribers(ctx.db)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename=subscribers.csv',
      'Cache-Control': 'no-store',
    },
  });
});
