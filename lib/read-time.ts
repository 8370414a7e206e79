const WORDS_PER_MINUTE = 200;

// A tag, with quoted attribute values read whole so an `alt="a > b"` doesn't end it early.
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const ENTITY = /&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;
const WORD = /[\p{L}\p{N}]/u;

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The character an entity stands for. Named entities beyond the common few become nothing: each
 * of the rest is punctuation or a letter inside a word, so it never makes a word of its own.
 */
function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const codePoint = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '';
  }
  return namedEntities[body.toLowerCase()] ?? '';
}

/** Words in the story's text: tags and attributes don't count, entities are read as characters. */
export function wordCount(html: string): number {
  const text = html.replace(TAG, ' ').replace(ENTITY, decodeEntity);
  return text.split(/\s+/).filter((token) => WORD.test(token)).length;
}

/** Reading time at 200 words a minute, rounded up, at least one minute: '3 min read'. */
export function readTimeFor(html: string): string {
  return `${Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE))} min read`;
}
