import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ConfirmView } from '@/components/site/newsletter/newsletter-pages';
import { database } from '@/lib/database';
import { readDiscountSettings } from '@/lib/newsletter/discount-settings';
import { readConfirmation } from '@/lib/newsletter/subscriptions';

export const metadata: Metadata = { title: 'Confirm Your Subscription', robots: { index: false, follow: false } };
// One subscriber's state and code, read per request as it stands now: never cached.
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where a confirmation email's link leads (docs/product.md, Newsletter): a button that confirms
 * (a form post to app/api/newsletter/confirm, which comes back here), then the code.
 */
export default async function ConfirmSubscriptionPage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token : '';
  const db = await database();
  const [confirmation, discount] = await Promise.all([readConfirmation(db, value), readDiscountSettings(db)]);
  return <ConfirmView token={value} confirmation={confirmation} discount={discount} />;
}
