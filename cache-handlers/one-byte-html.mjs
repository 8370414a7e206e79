// A cached page's HTML as a string V8 stores one byte a character (every character U+00FF or
// below), spelling each character above U+00FF as an escape the browser reads back as the same
// character: a character reference (&#8217;) in markup and attributes, a \u escape inside a
// <script> (Next's flight data and JSON-LD hold such characters only inside string literals), a
// CSS escape inside a <style>. One curly apostrophe makes V8 store a whole page two bytes a
// character, and Next measures every cached page's string with Buffer.byteLength on every
// request, five times slower on such a string (docs/decisions/0015-one-byte-cached-html.md).

const WIDE = /[^\u0000-\u00ff]/;
// A raw-text element whole (its contents unescaped by the HTML parser), or a run of wide characters.
const PIECES = /(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2\s*>)|[^\u0000-\u00ff]+/gi;

const unicodeEscape = (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
const cssEscape = (char) => `\\${char.codePointAt(0).toString(16)} `;

/** `html` with every character above U+00FF escaped (the same document); as is when there is none. */
export function oneByteHtml(html) {
  if (!WIDE.test(html)) return html;
  const escaped = html.replace(PIECES, (match, open, tag, body, close) => {
    if (open === undefined) {
      let out = '';
      for (const char of match) out += `&#${char.codePointAt(0)};`;
      return out;
    }
    if (!WIDE.test(body)) return match;
    // JavaScript and JSON escape UTF-16 code units; CSS escapes code points.
    const inner =
      tag.toLowerCase() === 'script'
        ? body.replace(/[^\u0000-\u00ff]/g, unicodeEscape)
        : body.replace(/[^\u0000-\u00ff]/gu, cssEscape);
    return open + inner + close;
  });
  // replace() keeps a two-byte string's representation: copy it into a one-byte one.
  return Buffer.from(escaped, 'latin1').toString('latin1');
}
