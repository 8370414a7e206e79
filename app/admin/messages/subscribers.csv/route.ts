import { adminRoute } from '@/lib/actions/admin-route';
import { subscribersCsv } from '@/lib/messages/csv';
import { listSubscribers } from '@/lib/messages/inbox';

/** The newsletter subscribers as a CSV file, the Subscribers list's columns (lib/messages/csv.ts). Admin only, never cached. */
export const GET = adminRoute(async (_request, ctx) => {
  return new Response(subscribersCsv(await listSubscribers(ctx.db)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename=subscribers.csv',
      'Cache-Control': 'no-store',
    },
  });
});
