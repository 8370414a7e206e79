import type { BlogPost } from '@/lib/stories/client';
import { listPublicStories } from '@/lib/stories';
import { searchPublicArtworks, type ArtworkCard } from '@/lib/artworks';
import { SEARCH_CONTROL_CHARACTER, SEARCH_MAX_LENGTH } from '@/lib/artworks/client';

export { SEARCH_MAX_LENGTH };

/**
 * The query as searched: the first value if repeated, control characters (NUL breaks Postgres
 * text) and extra spaces removed, cut to 200 characters. Equal searches share a cache entry.
 */
export function normaliseQuery(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '');
  return value
    .replace(new RegExp(SEARCH_CONTROL_CHARACTER, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
}

const plainText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');

/** Posts whose title, excerpt, tags or text contain every word of the query (case-insensitive). */
export function searchPosts<T extends Pick<BlogPost, 'title' | 'excerpt' | 'tags' | 'content'>>(
  query: string,
  posts: readonly T[],
): T[] {
  const words = query.toLocaleLowerCase('en-GB').split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return posts.filter((post) => {
    const haystack = [post.title, post.excerpt, post.tags.join(' '), plainText(post.content)]
      .join(' ')
      .toLocaleLowerCase('en-GB');
    return words.every((word) => haystack.includes(word));
  });
}

export type SearchResults = { query: string; artworks: ArtworkCard[]; posts: BlogPost[] };

export async function searchSite(query: string): Promise<SearchResults> {
  if (!query) return { query, artworks: [], posts: [] };
  const [artworks, stories] = await Promise.all([searchPublicArtworks(query), listPublicStories()]);
  const posts = searchPosts(query, stories);
  return { query, artworks, posts };
}
