import { connection } from 'next/server';
import { artworkOgImage } from '@/lib/artworks/og-image';
import { OG_CONTENT_TYPE } from '@/lib/artworks/og-image-meta';
import { isPlausibleSlug } from '@/lib/artworks/slug-guard';

/**
 * The artwork framed at 1200×630 for link previews (lib/artworks/og-image.ts), named as og:image
 * and twitter:image by the artwork page's metadata. A route of its own rather than the
 * opengraph-image file convention: the page imports that file for its metadata, and with it
 * sharp, which no page's function should carry (scripts/vercel-functions.ts).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ collection: string; slug: string }> }) {
  // Rendered on request, not at build: build workers have the rows but not the image files.
  await connection();
  const { slug } = await params;
  // No cache entry for a slug no artwork can have (the image is cached per argument).
  if (!isPlausibleSlug(slug))
    return new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new Response(new Uint8Array(await artworkOgImage(slug)), {
    headers: { 'Content-Type': OG_CONTENT_TYPE, 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' },
  });
}
