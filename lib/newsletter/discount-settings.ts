import { z } from 'zod';
import type { Database, Db, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { siteSettings } from '@/lib/db/schema';
import { UserFacingError } from '@/lib/http/user-facing-error';

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

/** The database, or a transaction already open on the system connection (a checkout's). */
export type DbOrTx = Database | Tx;

/** Runs `fn` on the system connection, or inside the transaction given. */
export function onSystem<T>(dbOrTx: DbOrTx, fn: (db: Db | Tx) => Promise<T>): Promise<T> {
  return 'runner' in dbOrTx ? asSystem(dbOrTx, 'newsletter', fn) : fn(dbOrTx);
}

export async function readDiscountSettings(dbOrTx: DbOrTx): Promise<DiscountSettings> {
  const [row] = await onSystem(dbOrTx, (sys) =>
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

export const discountSettingsMessages = {
  percent: 'Enter the discount as a whole percentage from 1 to 90.',
  kinds: 'Choose at least one kind of item the discount applies to.',
  on: 'Say whether subscribers get a discount.',
} as const;

/** The settings form on /admin/newsletter: on or off, a whole percentage 1–90, at least one kind. */
export const discountSettingsSchema = z.object({
  on: z.boolean({ error: discountSettingsMessages.on }),
  percent: z.coerce
    .number({ error: discountSettingsMessages.percent })
    .int({ error: discountSettingsMessages.percent })
    .min(1, { error: discountSettingsMessages.percent })
    .max(90, { error: discountSettingsMessages.percent }),
  kinds: z
    .array(z.enum(discountKinds, { error: discountSettingsMessages.kinds }), { error: discountSettingsMessages.kinds })
    .min(1, { error: discountSettingsMessages.kinds })
    // Stored once each, in the order the words name them.
    .transform((kinds) => discountKinds.filter((kind) => kinds.includes(kind))),
});
export type DiscountSettingsInput = z.input<typeof discountSettingsSchema>;

/**
 * Saves the owner's discount settings, all three together; settings that fail the schema are
 * refused with its first message and nothing is changed. A checkout opened after this reads them.
 */
export async function writeDiscountSettings(db: Database, settings: DiscountSettingsInput): Promise<DiscountSettings> {
  const parsed = discountSettingsSchema.safeParse(settings);
  if (!parsed.success) throw new UserFacingError(parsed.error.issues[0]?.message ?? discountSettingsMessages.percent);
  const { on, percent, kinds } = parsed.data;
  const values = { discountOn: on, discountPercent: percent, discountKinds: kinds };
  await asSystem(db, 'newsletter', (sys) =>
    sys
      .insert(siteSettings)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: new Date() } }),
  );
  return { on, percent, kinds };
}
