import type { Metadata } from 'next';
import { GalleryView } from '@/components/site/gallery/gallery-view';
import { ALL_COLLECTION, galleryDescription } from '@/lib/artworks/gallery';
import { getGalleryPage } from '@/lib/artworks/public';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Gallery',
  description: galleryDescription(ALL_COLLECTION),
  path: '/gallery',
});

export default async function GalleryPage() {
  const gallery = await getGalleryPage();
  // Later pages of the full list live under /gallery/all/page/N.
  return <GalleryView collection={ALL_COLLECTION} gallery={gallery} basePath="/gallery/all" />;
}
