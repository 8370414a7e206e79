import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { categorySlug } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, type NewArtworkRow } from '@/lib/db/schema';
import { mediaUrl, writeLocalFile } from '@/lib/storage/local';
import type { StoragePort } from '@/lib/storage/port';
import { seedArtworks, type SeedArtwork } from './artworks-data';
import { seedStories } from './stories';

// Seed dates hang off a fixed day so that every seeding (build workers, first start, tests)
// produces the same rows and image paths.
const SEED_EPOCH = Date.UTC(2026, 10, 1, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

export type SeedOptions = {
  /** Copy the image files into local storage (false for build workers, which only need rows). */
  files: boolean;
  storageRoot?: string;
  /**
   * Supabase mode: the images go to this storage (the public bucket) and the rows store its
   * URLs; `files` and `storageRoot` are for local storage only. Artworks already seeded are
   * left alone, their images too.
   */
  storage?: StoragePort;
  /** How many of the demo artworks to insert (tests use fewer). */
  limit?: number;
};

const variants = [
  ['display', 'display.webp'],
  ['thumb-800', 'thumb-800.webp'],
  ['thumb-400', 'thumb-400.webp'],
] as const;

async function seedImage(art: SeedArtwork, createdAt: Date, options: SeedOptions) {
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), 'seed-assets', 'artworks', art.slug);
  const display = await fs.readFile(path.join(dir, 'display.webp'));
  const { width, height } = await sharp(display).metadata();
  const blur = await sharp(display).resize(16).webp({ quality: 40 }).toBuffer();
  const keys = Object.fromEntries(
    variants.map(([variant]) => [
      variant,
      `${categorySlug(art.category)}/${art.slug}/${createdAt.getTime()}-${variant}.webp`,
    ]),
  ) as Record<(typeof variants)[number][0], string>;
  const urls = {
    display: mediaUrl(keys.display),
    'thumb-800': mediaUrl(keys['thumb-800']),
    'thumb-400': mediaUrl(keys['thumb-400']),
  };
  if (options.storage) {
    for (const [variant, file] of variants) {
      urls[variant] = await options.storage.putPublic(
        keys[variant],
        await fs.readFile(path.join(/*turbopackIgnore: true*/ dir, file)),
        'image/webp',
      );
    }
  } else if (options.files) {
    if (!options.storageRoot) throw new Error('seed: storageRoot is required to write files');
    for (const [variant, file] of variants) {
      await writeLocalFile(
        options.storageRoot,
        'public',
        keys[variant],
        await fs.readFile(path.join(/*turbopackIgnore: true*/ dir, file)),
      );
    }
  }
  return {
    imageUrl: urls.display,
    imageThumb800Url: urls['thumb-800'],
    imageThumb400Url: urls['thumb-400'],
    // The committed display image is the seed's "original": nothing private to keep.
    imageOriginalUrl: urls.display,
    imageChecksum: crypto.createHash('sha256').update(display).digest('hex'),
    imageWidth: width,
    imageHeight: height,
    imageBlurDataUrl: `data:image/webp;base64,${blur.toString('base64')}`,
  };
}

export function seedRow(art: SeedArtwork, index: number): NewArtworkRow & { createdAt: Date } {
  const createdAt = new Date(SEED_EPOCH - art.createdDaysAgo * DAY);
  return {
    title: art.title,
    slug: art.slug,
    category: art.category,
    description: art.description,
    story: art.story,
    longStoryDescription: art.story,
    price: art.price,
    currency: 'GBP',
    medium: art.medium,
    widthMm: art.widthMm,
    heightMm: art.heightMm,
    year: art.year,
    framed: art.framed,
    isForSale: art.isForSale,
    availability: art.availability,
    formatsAvailable: art.formatsAvailable,
    tags: art.tags,
    keywords: art.keywords,
    imageAlt: art.imageAlt,
    seoTitle: art.seoTitle,
    metaTitle: art.seoTitle,
    metaDescription: art.metaDescription,
    seoDescription: art.metaDescription,
    ogTitle: art.ogTitle,
    ogDescription: art.ogDescription,
    twitterTitle: art.ogTitle,
    twitterDescription: art.ogDescription,
    sku: `EM-${String(index + 1).padStart(3, '0')}`,
    status: 'published',
    publishedAt: createdAt,
    position: index + 1,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Inserts the demo artworks (skipping slugs already present) and their images, and the six seeded
 * stories. Answers how many artworks were inserted.
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<number> {
  await seedStories(database);
  let selection = seedArtworks.slice(0, options.limit ?? seedArtworks.length).map((art, index) => ({ art, index }));
  if (options.storage) {
    // Uploads refuse an existing key: only artworks not seeded yet bring their images.
    const seeded = new Set(
      await asSystem(database, 'seed', async (db) =>
        (await db.select({ slug: artworks.slug }).from(artworks)).map((row) => row.slug),
      ),
    );
    selection = selection.filter(({ art }) => !seeded.has(art.slug));
  }
  const rows = await Promise.all(
    selection.map(async ({ art, index }) => {
      const row = seedRow(art, index);
      return { ...row, ...(await seedImage(art, row.createdAt, options)) };
    }),
  );
  if (rows.length === 0) return 0;
  return asSystem(database, 'seed', async (db) => {
    const inserted = await db
      .insert(artworks)
      .values(rows)
      .onConflictDoNothing({ target: artworks.slug })
      .returning({ id: artworks.id });
    return inserted.length;
  });
}
