/** The longest search query, in characters (search.ts cuts to it; public.ts refuses more). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * Characters a query never keeps (search.ts turns them into spaces; public.ts refuses a query
 * with one, since a visitor can call it directly): NUL cannot even be sent to Postgres as text.
 */
export const SEARCH_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
