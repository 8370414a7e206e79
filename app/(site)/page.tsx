import type { Metadata } from 'next';
import { ArtWithIntention } from '@/components/site/home/art-with-intention';
import { HeroCarousel } from '@/components/site/home/hero-carousel';
import { LatestCollections } from '@/components/site/home/latest-collections';
import { MeetTheArtist } from '@/components/site/home/meet-the-artist';
import { TaglineStrip } from '@/components/site/home/tagline-strip';
import { site } from '@/lib/site';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Elena Marsh — South London Watercolour Artist',
  absoluteTitle: true,
  description: site.description,
  path: '/',
});

export default function HomePage() {
  return (
    <>
      <HeroCarousel />
      <TaglineStrip />
      <ArtWithIntention />
      <MeetTheArtist />
      <LatestCollections />
    </>
  );
}
