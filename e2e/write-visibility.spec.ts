import { expect, submitNewArtwork, test } from './admin-helpers';
import { signedIn } from './fixtures';

/**
 * A new artwork is seen by the next visitor even while visitors load the same pages: its own
 * URL (which answered 404 until the save) and the gallery are requested in a loop from before
 * each save, so renders that read before the commit are in flight when it lands
 * (cache-handlers/incremental.mjs dates each cached page by the start of its render).
 */
test.use({ storageState: signedIn.admin });

test(
  'ten artworks added while their URLs and the gallery are requested in a loop each answer 200 and are on the gallery within a second of the save',
  { tag: '@writes' },
  async ({ page, request, created }) => {
    test.setTimeout(300_000);
    const stamp = Date.now();
    const arts = Array.from({ length: 10 }, (_, i) => ({
      title: `Loop Heron ${stamp} ${String(i + 1).padStart(2, '0')}`,
      slug: `loop-heron-${stamp}-${i + 1}`,
    }));
    const url = (slug: string) => `/gallery/landscapes/${slug}`;
    // A connection per request: a pooled one left idle while the form is filled can be closed by
    // the server (its keep-alive timeout) just as it is reused, which reads as ECONNRESET.
    const get = (path: string) => request.get(path, { headers: { connection: 'close' } });
    const delays: number[] = [];

    for (const art of arts) {
      let looping = true;
      const loop = (async () => {
        while (looping) {
          await Promise.all([get(url(art.slug)), get('/gallery')]);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      try {
        expect((await get(url(art.slug))).status()).toBe(404);
        created.track(art.title);
        await submitNewArtwork(page, {
          title: art.title,
          slug: art.slug,
          category: 'Landscapes',
          description: 'A grey heron standing in the shallows at Rainham Marshes.',
          alt: 'Watercolour of a grey heron in shallow water',
          price: '280',
        });
        const saved = Date.now();
        await expect
          .poll(
            async () => {
              const [artwork, gallery] = await Promise.all([get(url(art.slug)), get('/gallery')]);
              return artwork.status() === 200 && (await gallery.text()).includes(art.title);
            },
            { timeout: 1_000, intervals: [50] },
          )
          .toBe(true);
        delays.push(Date.now() - saved);
      } finally {
        looping = false;
        await loop;
      }
    }

    // Once right, always right: every one of them, many requests later.
    const gallery = await (await get('/gallery')).text();
    for (const art of arts) {
      expect(gallery).toContain(art.title);
      expect((await get(url(art.slug))).status()).toBe(200);
    }
    test.info().annotations.push({ type: 'visible after save (ms)', description: delays.join(', ') });
  },
);
