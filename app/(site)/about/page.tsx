/* eslint-disable @next/next/no-img-element -- images are pre-sized WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import type { Metadata } from 'next';
import { IntentLink } from '@/components/site/intent-link';
import { ArtistTimeline } from '@/components/site/about/artist-timeline';
import { buttonVariants } from '@/components/ui/button';
import { env } from '@/lib/env';
import { JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { profilePageJsonLd } from '@/lib/seo/structured-data';

export const metadata: Metadata = pageMetadata({
  title: 'About Elena Marsh',
  description:
    'Meet Elena Marsh, a South London watercolour artist painting calm, lyrical watercolours for therapy rooms, new homes and gifts since 2020.',
  path: '/about',
  type: 'profile',
});

export default function AboutPage() {
  return (
    <>
      <JsonLd data={profilePageJsonLd(env().SITE_URL)} />
      <section className="bg-paper-deep">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[3fr_2fr]">
          <div>
            <p className="eyebrow">About</p>
            <h1 className="mt-3 text-4xl sm:text-5xl">Hello, I’m Elena Marsh</h1>
            <p className="mt-6 text-lg leading-relaxed text-ink-soft">
              I’m a watercolour artist in South London. I paint quiet places, real and imagined: mist over the Thames,
              the last light on Brockwell Park, rooms of the mind where it is safe to rest.
            </p>
            <p className="mt-4 text-lg leading-relaxed text-ink-soft">
              Watercolour rewards patience and forgives very little, which is why I love it. Each painting is built from
              thin, transparent washes on cotton paper, so the light comes from the paper itself.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <IntentLink href="/shop" className={buttonVariants()}>
                Visit the Shop
              </IntentLink>
              <IntentLink href="/contact" className={buttonVariants({ variant: 'secondary' })}>
                Get in Touch
              </IntentLink>
            </div>
          </div>
          <img
            src="/images/artist-portrait.webp"
            srcSet="/images/artist-portrait-400.webp 400w, /images/artist-portrait.webp 800w"
            sizes="(min-width: 768px) 400px, 90vw"
            alt="Portrait of Elena Marsh in her studio"
            width={800}
            height={1000}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-sm rounded-card bg-line shadow-md"
          />
        </div>
      </section>
      <ArtistTimeline />
      <section className="border-t border-line bg-wash-light">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6">
          <h2 className="text-3xl">Bring some calm home</h2>
          <p className="mt-4 text-lg text-ink-soft">
            Originals, prints, cards and coasters are available now by enquiry, and commissions are always welcome.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <IntentLink href="/shop" className={buttonVariants()}>
              Prints and Gifts
            </IntentLink>
            <IntentLink href="/contact" className={buttonVariants({ variant: 'secondary' })}>
              Commission a Painting
            </IntentLink>
            <IntentLink href="/about/ai-profile" className={buttonVariants({ variant: 'ghost' })}>
              Profile for AI readers
            </IntentLink>
          </div>
        </div>
      </section>
    </>
  );
}
