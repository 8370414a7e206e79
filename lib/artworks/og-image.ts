import fs from 'node:fs/promises';
import path from 'node:path';
import { cacheLife, cacheTag } from 'next/cache';
import sharp from 'sharp';
import { cacheTags } from '@/lib/cache/tags';
import { storage, type StoragePort } from '@/lib/storage';
import { OG_SIZE } from './og-image-meta';
import { getPublicArtwork } from './public';
import { isPlausibleSlug } from './slug-guard';

const PAPER = '#fbf8f3';
const MARGIN = 48;

/**
 * The artwork's share image: its display image, whole (never cropped: it is a painting), centred
 * on a paper-coloured 1200×630 mount with a soft shadow, as JPEG.
 */
export async function renderArtworkOgImage(
  imageUrl: string | null,
  store: Pick<StoragePort, 'readPublic'> = storage(),
): Promise<Buffer> {
  // Read from storage by key, never fetched by URL (a stored URL must not steer the server).
  const source = imageUrl ? await store.readPublic(imageUrl).catch(() => null) : null;
  if (!source) return fs.readFile(path.join(process.cwd(), 'public', 'og-default.jpg'));
  const art = await sharp(source)
    .resize(OG_SIZE.width - 2 * MARGIN, OG_SIZE.height - 2 * MARGIN, { fit: 'inside' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = art.info;
  const left = Math.round((OG_SIZE.width - width) / 2);
  const top = Math.round((OG_SIZE.height - height) / 2);
  const shadow = await sharp({
    create: { width: width + 24, height: height + 24, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: { create: { width, height, channels: 4, background: { r: 36, g: 38, b: 43, alpha: 0.18 } } },
        left: 12,
        top: 16,
      },
    ])
    .blur(8)
    .png()
    .toBuffer();
  return sharp({ create: { ...OG_SIZE, channels: 3, background: PAPER } })
    .composite([
      { input: shadow, left: left - 12, top: top - 12 },
      { input: art.data, left, top },
    ])
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}

/** Cached per artwork: re-rendered only when that artwork changes. */
export async function artworkOgImage(slug: string): Promise<Uint8Array> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  // Next exposes a cached function as a callable reference: a slug no artwork could have gets
  // an empty answer (the route answers 404 before ever asking), with no drawing, no tag of its
  // own and nothing logged.
  if (typeof slug !== 'string' || !isPlausibleSlug(slug)) return new Uint8Array();
  cacheTag(cacheTags.artwork(slug));
  const art = await getPublicArtwork(slug);
  return new Uint8Array(await renderArtworkOgImage(art?.imageUrl ?? null));
}
