'use client';

import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/** Gallery load failure (spec §8): the page says so and a toast names it. */
export default function GalleryError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    toast.error('Error Loading Artworks', { description: 'Failed to load artworks. Please try again later.' });
  }, []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl sm:text-5xl">Oops!</h1>
      <p className="mt-5 text-lg text-ink-soft">Failed to load artworks. Please try again later.</p>
      <Button type="button" className="mt-8" onClick={() => reset()}>
        Try again
      </Button>
    </section>
  );
}
