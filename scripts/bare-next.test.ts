import { describe, expect, it } from 'vitest';
import { routeParams } from './bare-next';

// The same-shape reference prerenders the page's own path on a route of its shape: the params
// must be exactly those the site's route takes from that path.
describe('routeParams', () => {
  it('reads each dynamic folder’s param from the path, decoded', () => {
    expect(routeParams('gallery/[collection]/[slug]', '/gallery/buildings/herne-hill-rooftops-in-the-rain')).toEqual({
      collection: 'buildings',
      slug: 'herne-hill-rooftops-in-the-rain',
    });
    expect(routeParams('blog/[slug]', '/blog/caf%C3%A9-light')).toEqual({ slug: 'café-light' });
  });

  it('refuses a path of another shape, rather than build a reference that serves something else', () => {
    expect(() => routeParams('blog/[slug]', '/gallery/buildings/x')).toThrow('is not a path of the route blog/[slug]');
    expect(() => routeParams('blog/[slug]', '/journal/x')).toThrow();
    expect(() => routeParams('media/[...path]', '/media/a')).toThrow();
  });
});
