import type { Metadata } from 'next';
import { AdminPage, ReadFailed } from '@/components/admin/admin-shell';
import { BulkManager } from '@/components/admin/bulk-manage/bulk-manager';
import { BulkPagination } from '@/components/admin/bulk-manage/bulk-pagination';
import { BulkSearch } from '@/components/admin/bulk-manage/bulk-search';
import { loadBulkManagePage } from '@/lib/bulk-manage/bulk-read';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { parsePageSegment } from '@/lib/paging';
import { normaliseQuery } from '@/lib/search';

export const metadata: Metadata = { title: { absolute: 'Bulk Manage Artworks - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function BulkManagePage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage title="Bulk Manage Artworks" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <BulkList searchParams={searchParams} />
    </AdminPage>
  );
}

async function BulkList({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  const q = normaliseQuery(params.q);
  const page = parsePageSegment(String([params.page].flat()[0] ?? '1')) ?? 1;
  const loaded = await loadBulkManagePage(ctx, { q, page });
  if (!loaded.ok) {
    return <ReadFailed title="Failed to fetch artworks" error={loaded.error} />;
  }
  const bulk = loaded.data;
  return (
    <>
      <BulkSearch q={q} total={bulk.total} />
      {/* Keyed by what is listed: another page or search starts with nothing selected. */}
      <BulkManager key={`${q}\n${bulk.page}`} rows={bulk.rows} total={bulk.total} q={q} />
      <BulkPagination q={q} page={bulk.page} pageCount={bulk.pageCount} />
    </>
  );
}
