import { describe, expect, it } from 'vitest';
import { blogImageSrcSet, formatPostDate, getPost, listPosts } from './blog';

describe('blog content', () => {
  it('formats dates in en-GB long format', () => {
    expect(formatPostDate('2025-03-12')).toBe('12 March 2025');
    expect(formatPostDate('2024-01-01')).toBe('1 January 2024');
  });

  it('lists the six posts newest first and finds them by slug', () => {
    const posts = listPosts();
    expect(posts).toHaveLength(6);
    expect([...posts].sort((a, b) => b.date.localeCompare(a.date))).toEqual(posts);
    expect(getPost(posts[0]!.slug)).toBe(posts[0]);
    expect(getPost('no-such-post')).toBeUndefined();
  });

  it('derives the 600-wide variant for the srcset', () => {
    expect(blogImageSrcSet('/blog/3.webp')).toBe('/blog/3-600.webp 600w, /blog/3.webp 1200w');
  });
});
