import type { Metadata } from 'next';
import { connection } from 'next/server';
import { UnsubscribeView } from '@/components/site/newsletter/newsletter-pages';
import { database } from '@/lib/database';
import { readUnsubscription } from '@/lib/newsletter/subscriptions';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false } };
// One subscriber's state, read per request as it stands now: never cached.
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A letter's visible unsubscribe link (docs/product.md, Newsletter): asks, then a form post to
 * app/api/newsletter/unsubscribe comes back here (`&done=1`) and the page says it is done.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token : '';
  return <UnsubscribeView token={value} unsubscription={await readUnsubscription(await database(), value)} />;
}
