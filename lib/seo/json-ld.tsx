/**
 * JSON-LD for structured data. Every script tag goes through `jsonLdScript`, so text that
 * reaches the page from the database or content (titles, stories) can never close the script
 * element (`</script>`), open an HTML comment (`<!--`) or break a JavaScript parser (U+2028/9).
 */
const unsafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON.stringify, then escape the characters HTML or JS would read as markup; still valid JSON. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => unsafe[char] ?? char);
}

export type JsonLdData = Record<string, unknown> | Record<string, unknown>[];

/** `<script type="application/ld+json">` with safely escaped content. Server component. */
export function JsonLd({ data }: { data: JsonLdData }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />;
}
