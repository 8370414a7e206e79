/* eslint-disable @next/next/no-img-element -- images are pre-sized WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';

export function MeetTheArtist() {
  return (
    <section aria-labelledby="artist-heading" className="bg-paper-deep">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-20 sm:px-6 md:grid-cols-[2fr_3fr]">
        <img
          src="/images/artist-portrait.webp"
          srcSet="/images/artist-portrait-400.webp 400w, /images/artist-portrait.webp 800w"
          sizes="(min-width: 768px) 400px, 90vw"
          alt="Elena Marsh smiling in her South London studio, surrounded by watercolour paintings"
          width={800}
          height={1000}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-sm rounded-card bg-line object-cover shadow-md"
        />
        <div>
          <h2 id="artist-heading" className="text-3xl sm:text-4xl">
            Meet the Artist
          </h2>
          <p className="mt-5 text-lg text-ink-soft">
            I’m Elena, a watercolour artist living and painting in South London. I started painting again in 2020, at
            the kitchen table, chasing the morning light across Brockwell Park.
          </p>
          <p className="mt-4 text-lg text-ink-soft">
            Today I paint calm, open pictures for therapy rooms, new homes and the people who want a little more quiet
            in their day: originals, archival prints, cards and coasters.
          </p>
          <IntentLink href="/about" className={`${buttonVariants()} mt-8`}>
            Read My Story
          </IntentLink>
        </div>
      </div>
    </section>
  );
}
