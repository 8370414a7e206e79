/**
 * The story as the model reads it: plain text from the editor's HTML. Client-safe: the editor's
 * AI helper sends this, and the retrofit makes the same from the stored story.
 */

/** Enough of a story to write its excerpt and meta text from, and a small, cheap request. */
export const STORY_TEXT_MAX = 6000;

// A tag, with quoted attribute values read whole so an `alt="a > b"` does not end it early.
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;
// Tags that end a line of text: paragraphs, headings, list items, line breaks, quotes, figures.
const BLOCK_END =
  /<\/?(?:p|div|h[1-6]|li|ul|ol|br|blockquote|figure|figcaption|hr|section|article|pre)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ENTITY = /&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  }
  return NAMED[body.toLowerCase()] ?? entity;
}

/**
 * Plain text of a story's HTML: one paragraph a line, tags gone, entities read as characters,
 * runs of space folded, cut at a word to at most `max` characters. Only the words matter to
 * the model; the HTML was cleaned when it was saved (lib/rich-text/sanitize.ts).
 */
export function storyPlainText(html: string, max = STORY_TEXT_MAX): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(BLOCK_END, '\n')
    // Inline tags (em, strong, a, img) sit inside or between words: they go without a space.
    .replace(TAG, '')
    .replace(ENTITY, decodeEntity)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = Math.max(head.lastIndexOf(' '), head.lastIndexOf('\n'));
  return (space > max / 2 ? head.slice(0, space) : text.slice(0, max)).trim();
}
