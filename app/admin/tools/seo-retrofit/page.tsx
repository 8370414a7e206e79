import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { batchFromQuery } from '@/components/admin/seo-retrofit/batch-size';
import { RetrofitRunner } from '@/components/admin/seo-retrofit/retrofit-runner';
import { aiConfig } from '@/lib/ai';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'AI SEO Retrofit - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function SeoRetrofitPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage title="AI SEO Retrofit" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <Retrofit searchParams={searchParams} />
    </AdminPage>
  );
}

async function Retrofit({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  return <RetrofitRunner initialBatchSize={batchFromQuery(params.batch)} configured={aiConfig() !== null} />;
}
