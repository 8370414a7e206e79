/** The longest search query, in characters (search.ts cuts to it; public.ts refuses more). */
export const SEARCH_MAX_LENGTH = 200;
