import { connection } from 'next/server';
import { artworkOgImage } from '@/lib/artworks/og-image';

export const alt = 'A watercolour painting by Elena Marsh, shown whole on a paper mount';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/jpeg';

/** The same framed image for X/Twitter cards (twitter:image), so they do not show the site default. */
export default async function Image({ params }: { params: Promise<{ collection: string; slug: string }> }) {
  // Rendered on request, not at build: build workers have the rows but not the image files.
  await connection();
  const { slug } = await params;
  return new Response(new Uint8Array(await artworkOgImage(slug)), {
    headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' },
  });
}
