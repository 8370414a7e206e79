import { describe, expect, it } from 'vitest';
import { galleryPagePath, pageExists, pageLinks, parsePageSegment } from './paging';

describe('gallery paging', () => {
  it('accepts only plain positive integers as page segments', () => {
    expect(parsePageSegment('2')).toBe(2);
    expect(parsePageSegment('10')).toBe(10);
    for (const bad of ['0', '-1', '02', '2.0', '1e3', 'two', '', ' 2', '9999999'])
      expect(parsePageSegment(bad)).toBeNull();
  });

  it('puts page 1 at the collection path and later pages under /page/N', () => {
    expect(galleryPagePath('/gallery/all', 1)).toBe('/gallery/all');
    expect(galleryPagePath('/gallery/landscapes', 3)).toBe('/gallery/landscapes/page/3');
  });

  it('links previous and next only where those pages exist', () => {
    expect(pageLinks('/gallery/all', 1, 1)).toEqual({
      previous: null,
      next: null,
      pages: [{ page: 1, href: '/gallery/all', current: true }],
    });
    const middle = pageLinks('/gallery/all', 2, 3);
    expect(middle.previous).toBe('/gallery/all');
    expect(middle.next).toBe('/gallery/all/page/3');
    expect(middle.pages.filter((p) => p.current).map((p) => p.page)).toEqual([2]);
    expect(pageLinks('/gallery/all', 3, 3).next).toBeNull();
  });

  it('knows which pages exist (here with pages of 24)', () => {
    expect(pageExists(1, 0, 24)).toBe(true);
    expect(pageExists(1, 24, 24)).toBe(true);
    expect(pageExists(2, 24, 24)).toBe(false);
    expect(pageExists(2, 25, 24)).toBe(true);
    expect(pageExists(3, 48, 24)).toBe(false);
  });
});
