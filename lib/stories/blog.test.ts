import { describe, expect, it } from 'vitest';
import { blogImageSrcSet } from '@/lib/seed/stories';
import { formatPostDate } from './blog';

describe('blog content', () => {
  it('formats dates in en-GB long format', () => {
    expect(formatPostDate('2025-03-12')).toBe('12 March 2025');
    expect(formatPostDate('2024-01-01')).toBe('1 January 2024');
  });

  it('derives the 600-wide variant for the srcset', () => {
    expect(blogImageSrcSet('/blog/3.webp')).toBe('/blog/3-600.webp 600w, /blog/3.webp 1200w');
  });
});
