import { connection } from 'next/server';
import { artworkOgImage } from '@/lib/artworks/og-image';

export const alt = 'A watercolour painting by Elena Marsh, shown whole on a paper mount';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/jpeg';

/** The artwork framed at 1200×630 for link previews (lib/artworks/og-image.ts). */
export default async function Image({ params }: { params: Promise<{ collection: string; slug: string }> }) {
  // Rendered on request, not at build: build workers have the rows but not the image files.
  await connection();
  const { slug } = await params;
  return new Response(new Uint8Array(await artworkOgImage(slug)), {
    headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' },
  });
}
