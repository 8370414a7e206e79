/**
 * Which addresses a story may link to or show, decided once for the link dialog, the editor's
 * Link mark (typed, pasted and loaded links) and the painting card. Pure, so it is tested
 * without a browser.
 */

export const linkMessages = {
  invalid: 'Enter a web address (https://…), an email (mailto:…) or a path on this site (/…).',
} as const;

/**
 * Any whitespace or control character inside an address: a browser strips these before it reads
 * the scheme (' java\tscript:' runs as javascript:), so an address holding one is refused rather
 * than cleaned. Zero-width characters are not in \s and are listed.
 */
const hiddenCharacters = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff]/;

/** A path on this site: one leading '/', never '//' or '/\' (both mean another host to a browser). */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !hiddenCharacters.test(value);
}

function isWebAddress(value: string): boolean {
  // '//' and a host straight after the scheme: 'https:foo' and 'https:///foo' are refused, though
  // the URL parser would guess a host for both.
  if (!/^https?:\/\/[^/\\?#@]/i.test(value) || value.includes('\\') || hiddenCharacters.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

function isEmailAddress(value: string): boolean {
  return /^mailto:[^\s@/\\]+@[^\s@/\\?]+\.[^\s@/\\?]+(\?.*)?$/i.test(value) && !hiddenCharacters.test(value);
}

/**
 * The address to link to, trimmed, or null when it is not one a story may hold: http(s) with a
 * host, mailto: with an address, or a path on this site. Everything else (javascript:, data:,
 * vbscript:, '//host', bare 'example.com') is null.
 */
export function safeLinkHref(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  if (value === '') return null;
  return isSitePath(value) || isWebAddress(value) || isEmailAddress(value) ? value : null;
}

/** An image address a story may show: http(s) or a path on this site (never data: or blob:). */
export function safeImageSrc(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  return isSitePath(value) || isWebAddress(value) ? value : null;
}
