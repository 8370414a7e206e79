import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { siteSettings } from '@/lib/db/schema';

/**
 * The subscribers' discount as the owner sets it on /admin/newsletter (migration newsletter):
 * on or off, the percentage, and what it applies to. A new site: on, 20% off prints, cards and
 * coasters. Delivery is never discounted.
 */
export const discountKinds = ['print', 'card', 'coaster', 'gift', 'original'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export type DiscountSettings = { on: boolean; percent: number; kinds: DiscountKind[] };

export const DEFAULT_DISCOUNT: DiscountSettings = { on: true, percent: 20, kinds: ['print', 'card', 'coaster'] };

const kindWords: Record<DiscountKind, string> = {
  print: 'prints',
  card: 'cards',
  coaster: 'coasters',
  gift: 'gifts',
  original: 'originals',
};

export async function readDiscountSettings(db: Database): Promise<DiscountSettings> {
  const [row] = await asSystem(db, 'newsletter', (sys) =>
    sys
      .select({ on: siteSettings.discountOn, percent: siteSettings.discountPercent, kinds: siteSettings.discountKinds })
      .from(siteSettings)
      .limit(1),
  );
  if (!row) return DEFAULT_DISCOUNT;
  return { on: row.on, percent: row.percent, kinds: row.kinds.filter(isDiscountKind) };
}

export const isDiscountKind = (value: string): value is DiscountKind =>
  (discountKinds as readonly string[]).includes(value);

/** "20% off prints, cards and coasters", in the order of discountKinds. */
export function discountWords({ percent, kinds }: Pick<DiscountSettings, 'percent' | 'kinds'>): string {
  const words = discountKinds.filter((kind) => kinds.includes(kind)).map((kind) => kindWords[kind]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? 'nothing');
  return `${percent}% off ${list}`;
}

/** The price of one after the discount, in whole pence (rounded half up). */
export const discountedPence = (pence: number, percent: number) => Math.round((pence * (100 - percent)) / 100);
