import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTagSync, tagsManifest } from '../../cache-handlers/tag-sync.mjs';

// Next's expiry calls only run inside a request: recorded here, in the order they were made.
const calls = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({
  updateTag: (tag: string) => void calls.push(`updateTag ${tag}`),
  revalidateTag: (tag: string, profile: { expire?: number }) =>
    void calls.push(`revalidateTag ${tag} expire=${profile.expire}`),
}));

const invalidate = await import('./invalidate');

beforeEach(() => {
  calls.length = 0;
});

describe('the one place that expires cache tags', () => {
  it('an action expires with updateTag, each tag once', () => {
    invalidate.invalidatePublicContent({ slugs: ['dawn', 'dawn'], redirects: true });
    expect(calls).toEqual(['updateTag artworks', 'updateTag artwork:dawn', 'updateTag redirects']);
  });

  it('a route handler expires at once with revalidateTag', () => {
    invalidate.invalidateStories(['spring'], 'route');
    expect(calls).toEqual([
      'revalidateTag stories expire=0',
      'revalidateTag redirects expire=0',
      'revalidateTag story:spring expire=0',
    ]);
  });

  it('the shop: its own tag, and the artworks when originals were sold', () => {
    invalidate.invalidateShop();
    invalidate.invalidateShop({ sold: [] }, 'route');
    invalidate.invalidateShop({ sold: ['a1'] }, 'route');
    expect(calls).toEqual([
      'updateTag shop',
      'revalidateTag shop expire=0',
      'revalidateTag shop expire=0',
      'revalidateTag artworks expire=0',
    ]);
  });

  it("the owner's catalogue and switches, from their actions", () => {
    invalidate.invalidateSiteSettings();
    invalidate.invalidateShopCatalogue();
    expect(calls).toEqual(['updateTag site-settings', 'updateTag shop', 'updateTag artworks']);
  });

  it("a scheduled job's tags: revalidateTag from the cron route, the tag map outside a request", async () => {
    invalidate.invalidateJobTags(['stories', 'story:spring']);
    expect(calls).toEqual(['revalidateTag stories expire=0', 'revalidateTag story:spring expire=0']);

    calls.length = 0;
    resetTagSync();
    tagsManifest.clear();
    const before = Date.now();
    await invalidate.invalidateJobTagsOutsideRequest(['shop']);
    expect(calls).toEqual([]);
    expect(tagsManifest.get('shop')?.expired).toBeGreaterThanOrEqual(before);
    tagsManifest.clear();
  });
});
