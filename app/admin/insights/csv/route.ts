import { adminRoute } from '@/lib/actions/admin-route';
import { csvFileName, insightsCsv, isCsvSection } from '@/lib/insights/csv';
import { parseRangeDays } from '@/lib/insights/range';
import { loadInsightsScreen } from '@/lib/insights/read';

/**
 * One section of the Insights screen as a CSV file: `?days=30|90|365&section=…`, the same
 * numbers the page shows for that range. Admin only, never cached.
 */
export const GET = adminRoute(async (request, ctx) => {
  const params = new URL(request.url).searchParams;
  const section = params.get('section');
  if (!isCsvSection(section))
    return Response.json({ error: 'Unknown section' }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  const screen = await loadInsightsScreen(ctx, parseRangeDays(params.get('days')), {
    paintings: section === 'artworks' ? 'all' : 'top',
  });
  return new Response(insightsCsv(section, screen), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename=${csvFileName(section, screen.range)}`,
      'Cache-Control': 'no-store',
    },
  });
});
