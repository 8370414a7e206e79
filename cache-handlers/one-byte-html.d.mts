/** `html` with every character above U+00FF escaped (the same document); see one-byte-html.mjs. */
export function oneByteHtml(html: string): string;
