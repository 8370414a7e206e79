'use client';

import { useEffect } from 'react';
import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: an error boundary loads with every gallery page, and the Button
// component would bring Radix Slot and tailwind-merge (about 10 KB gzipped) along.
import { buttonVariants } from '@/components/ui/button-variants';

/** Gallery load failure (docs/product.md, Gallery): the page says so and a toast names it. */
export default function GalleryError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    toast.error('Error Loading Artworks', { description: 'Failed to load artworks. Please try again later.' });
  }, []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl sm:text-5xl">Oops!</h1>
      <p className="mt-5 text-lg text-ink-soft">Failed to load artworks. Please try again later.</p>
      <button type="button" className={`${buttonVariants()} mt-8`} onClick={() => reset()}>
        Try again
      </button>
    </section>
  );
}
