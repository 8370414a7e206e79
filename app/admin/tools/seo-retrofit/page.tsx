import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AdminLoading, AdminPageHeader, AdminShell, BackLink } from '@/components/admin/admin-shell';
import { batchFromQuery } from '@/components/admin/seo-retrofit/batch-size';
import { RetrofitRunner } from '@/components/admin/seo-retrofit/retrofit-runner';
import { aiConfig } from '@/lib/ai/config';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'AI SEO Retrofit - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function SeoRetrofitPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminShell>
      <AdminPageHeader title="AI SEO Retrofit" back={<BackLink href="/admin">Back to Dashboard</BackLink>} />
      <Suspense fallback={<AdminLoading />}>
        <Retrofit searchParams={searchParams} />
      </Suspense>
    </AdminShell>
  );
}

async function Retrofit({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  return <RetrofitRunner initialBatchSize={batchFromQuery(params.batch)} configured={aiConfig() !== null} />;
}
