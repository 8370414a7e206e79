import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { rowsOf } from '@/lib/db/rows';
import { createTestDatabase } from '@/tests/support/db';
import { SLUG_MAX } from '@/lib/slug';
import { artworkFormSchema, emptyArtworkForm, uploadedImageSchema, type ArtworkFormValues } from './schema';

/**
 * One limit per artwork field: the form schema (the browser and the save action) and the
 * database's check constraints must agree, or a value the form accepts fails at the database
 * with an error the admin cannot act on (or the database accepts what the form never would).
 * The database's limits are read back from pg_constraint and information_schema, the schema's
 * found by asking it, so neither side can change alone.
 */
type DbLimits = { maxLength?: number; min?: number; above?: number; max?: number; values?: string[] };

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Reads the limits each artworks column's check constraints put on it. */
async function databaseLimits(db: Database): Promise<Record<string, DbLimits>> {
  const checks = await asSystem(db, 'test-setup', (d) =>
    d.execute<{ def: string }>(
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'public.artworks'::regclass and contype = 'c'`,
    ),
  );
  const numeric = await asSystem(db, 'test-setup', (d) =>
    d.execute<{ column_name: string; numeric_precision: number; numeric_scale: number }>(
      sql`select column_name, numeric_precision, numeric_scale from information_schema.columns where table_schema = 'public' and table_name = 'artworks' and data_type = 'numeric'`,
    ),
  );
  const limits: Record<string, DbLimits> = {};
  const at = (column: string) => (limits[column] ??= {});
  for (const { def } of rowsOf<{ def: string }>(checks)) {
    for (const m of def.matchAll(
      /char_length\((?:btrim\()?(?:(?:public\.)?immutable_array_to_string\()?(\w+)\)?\)\s*<=\s*(\d+)/g,
    ))
      at(m[1]!).maxLength = Number(m[2]);
    for (const m of def.matchAll(/\((\w+) >= (\d+)\)/g)) at(m[1]!).min = Number(m[2]);
    for (const m of def.matchAll(/\((\w+) > \(?(\d+)\)?(?:::numeric)?\)/g)) at(m[1]!).above = Number(m[2]);
    for (const m of def.matchAll(/\((\w+) <= (\d+)\)/g)) at(m[1]!).max = Number(m[2]);
    const list = /\((\w+) = ANY \(ARRAY\[(.+)\]\)\)/.exec(def);
    if (list) at(list[1]!).values = [...list[2]!.matchAll(/'([^']+)'::text/g)].map((v) => v[1]!);
  }
  for (const { column_name, numeric_precision, numeric_scale } of rowsOf<{
    column_name: string;
    numeric_precision: number;
    numeric_scale: number;
  }>(numeric)) {
    at(column_name).max = 10 ** (numeric_precision - numeric_scale) - 10 ** -numeric_scale;
  }
  return limits;
}

const valid: ArtworkFormValues = {
  ...emptyArtworkForm,
  title: 'Morning Mist',
  slug: 'morning-mist',
  imageAlt: 'Mist over a river',
};
const accepts = (field: keyof ArtworkFormValues, value: string) =>
  artworkFormSchema.safeParse({ ...valid, [field]: value }).success;

/** The longest value of this field the form schema accepts (binary search up to `ceiling`). */
function formMaxLength(field: keyof ArtworkFormValues, ceiling = 100_000): number | null {
  if (accepts(field, 'x'.repeat(ceiling))) return null;
  let [low, high] = [0, ceiling];
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (accepts(field, 'x'.repeat(mid))) low = mid;
    else high = mid;
  }
  return low;
}

// Fields whose text is not stored as typed, with why.
const TEXT_EXEMPT: Partial<Record<keyof ArtworkFormValues, string>> = {
  title: 'trimmed and required: checked below as 1 to 200 after trimming',
  slug: 'a slug is cut to 58 (lib/slug.ts) rather than refusing it: checked against SLUG_MAX below',
  category: 'one of six: compared as a list below',
  currency: 'a three-letter code on both sides',
  storeUrl: 'must be a web address: length checked below with one',
  editionSize: 'a number: checked as a range below',
  editionNumber: 'a number: checked as a range below',
  year: 'a number: checked as a range below',
  widthMm: 'a number: checked as a range below',
  heightMm: 'a number: checked as a range below',
  isForSale: 'a boolean',
  framed: 'a boolean',
};

describe('artwork field limits: the form schema and the database agree', () => {
  let db: Database;
  let limits: Record<string, DbLimits>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    limits = await databaseLimits(db);
  });
  afterAll(() => db.close());

  it('every text field: the longest value the form accepts is the longest the column accepts', () => {
    const fields = (Object.keys(emptyArtworkForm) as (keyof ArtworkFormValues)[]).filter((f) => !(f in TEXT_EXEMPT));
    expect(fields.length).toBeGreaterThan(15);
    const mismatches = fields
      .map((field) => ({
        field,
        column: snake(field),
        form: formMaxLength(field),
        database: limits[snake(field)]?.maxLength ?? null,
      }))
      .filter(({ form, database }) => form === null || form !== database);
    expect(mismatches).toEqual([]);
  });

  it('title, web address, category: the same bounds on both sides', () => {
    expect(limits.title?.maxLength).toBe(200);
    expect([accepts('title', 'x'.repeat(200)), accepts('title', 'x'.repeat(201))]).toEqual([true, false]);
    const storeUrl = limits.store_url?.maxLength;
    expect(storeUrl).toBe(2000);
    const url = (n: number) => `https://example.com/${'x'.repeat(n - 'https://example.com/'.length)}`;
    expect([accepts('storeUrl', url(storeUrl!)), accepts('storeUrl', url(storeUrl! + 1))]).toEqual([true, false]);
    expect(limits.category?.values?.sort()).toEqual([...categories].sort());
  });

  it('the slug: the column holds the 58 characters every slug is cut to before it is stored', () => {
    expect(limits.slug?.maxLength).toBe(SLUG_MAX);
  });

  it('numbers: the same range on both sides', () => {
    const ranges = {
      editionSize: 'edition_size',
      editionNumber: 'edition_number',
      year: 'year',
      widthMm: 'width_mm',
      heightMm: 'height_mm',
    } as const;
    for (const [field, column] of Object.entries(ranges) as [keyof ArtworkFormValues, string][]) {
      const { min, above, max } = limits[column] ?? {};
      expect(max, field).toBeDefined();
      const step = Number.isInteger(max) ? 1 : 0.1;
      const show = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
      const lowest = min ?? (above === undefined ? undefined : above + step);
      expect(lowest, field).toBeDefined();
      expect(
        [
          accepts(field, show(lowest! - step)),
          accepts(field, show(lowest!)),
          accepts(field, show(max!)),
          accepts(field, show(max! + step)),
        ],
        field,
      ).toEqual([false, true, true, false]);
    }
  });

  it('what the upload route stores: the image fields’ limits match the columns', () => {
    const image = {
      publicUrl: 'image_url',
      image_original_url: 'image_original_url',
      image_thumb_400_url: 'image_thumb_400_url',
      image_thumb_800_url: 'image_thumb_800_url',
      blurDataUrl: 'image_blur_data_url',
      checksum: 'image_checksum',
    } as const;
    for (const [field, column] of Object.entries(image)) {
      const max = limits[column]?.maxLength;
      expect(max, column).toBeDefined();
      const ok = (n: number) => uploadedImageSchema.safeParse({ publicUrl: 'x', [field]: 'x'.repeat(n) }).success;
      expect([ok(max!), ok(max! + 1)], field).toEqual([true, false]);
    }
  });
});
