import { describe, expect, it, vi } from 'vitest';
import { blogPosts } from '@/lib/seed/blog-posts';

// search.ts also holds the database-backed searchSite (server-only); these tests use the pure parts.
vi.mock('server-only', () => ({}));
const { normaliseQuery, searchPosts, SEARCH_MAX_LENGTH } = await import('./index');

describe('site search', () => {
  it('normalises odd queries instead of failing on them', () => {
    expect(normaliseQuery(undefined)).toBe('');
    expect(normaliseQuery(['  harbour  ', 'second'])).toBe('harbour');
    expect(normaliseQuery('a\u0000b\n\tc')).toBe('a b c');
    expect(normaliseQuery('x'.repeat(2000))).toHaveLength(SEARCH_MAX_LENGTH);
    expect(normaliseQuery('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('finds blog posts by title, tag or text, case-insensitively, needing every word', () => {
    const first = blogPosts[0]!;
    expect(searchPosts(first.title.toUpperCase(), blogPosts).map((p) => p.slug)).toContain(first.slug);
    expect(searchPosts(first.tags[0]!, blogPosts).map((p) => p.slug)).toContain(first.slug);
    expect(searchPosts('dulwich zzzz-no-such-word', blogPosts)).toEqual([]);
    expect(searchPosts('', blogPosts)).toEqual([]);
  });

  it('does not match markup inside the article HTML', () => {
    expect(searchPosts('href', blogPosts)).toEqual([]);
  });
});
