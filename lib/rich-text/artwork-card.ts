import { isSitePath, safeImageSrc } from './links';

/**
 * A painting's card in a story or a letter: what the editor's "Insert a painting" puts in
 * (components/admin/stories/artwork-card-node.ts renders it with this spec) and what a letter's
 * "Start from what's new" writes on the server (lib/newsletter), so both are one markup that the
 * editor reads back, the sanitizer keeps and the public pages style. Pure: no DOM, no editor.
 */
export type ArtworkCardAttrs = {
  id: string;
  path: string;
  title: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
};

/** An element as ProseMirror's DOMOutputSpec writes one: tag, attributes, then children. */
export type CardSpec = readonly [string, Record<string, string>, ...(CardSpec | string)[]];

/**
 * The card's saved HTML, exactly:
 * <figure class="story-artwork" data-artwork-id><a href><img src alt width height loading="lazy"></a>
 * <figcaption><a href>title</a></figcaption></figure>, width and height left out when unknown.
 * An address that is not a site path (or an http(s)/site image) is left out rather than written.
 */
export function artworkCardSpec(attrs: ArtworkCardAttrs): CardSpec {
  const href: Record<string, string> = isSitePath(attrs.path) ? { href: attrs.path } : {};
  const src = safeImageSrc(attrs.thumbUrl);
  const img: Record<string, string> = { ...(src ? { src } : {}), alt: attrs.title };
  if (attrs.width != null) img.width = String(attrs.width);
  if (attrs.height != null) img.height = String(attrs.height);
  img.loading = 'lazy';
  return [
    'figure',
    { class: 'story-artwork', 'data-artwork-id': attrs.id },
    ['a', href, ['img', img]],
    ['figcaption', {}, ['a', href, attrs.title]],
  ];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const VOID_TAGS = new Set(['img', 'br', 'hr']);

/** A spec as HTML, written as the editor's DOM serializer writes it (attributes in order, text escaped). */
export function specHtml(spec: CardSpec | string): string {
  if (typeof spec === 'string') return escapeText(spec);
  const [tag, attrs, ...children] = spec;
  const attrText = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  if (VOID_TAGS.has(tag)) return `<${tag}${attrText}>`;
  return `<${tag}${attrText}>${children.map(specHtml).join('')}</${tag}>`;
}

/** The card as HTML, the same markup the editor saves for an inserted painting. */
export const artworkCardHtml = (attrs: ArtworkCardAttrs): string => specHtml(artworkCardSpec(attrs));

/** What parsing needs of an element; an HTMLElement has it, and so can a test's stand-in. */
export type CardElement = {
  getAttribute(name: string): string | null;
  querySelector(selector: string): CardElement | null;
  textContent: string | null;
};

function dimension(value: string | null | undefined): number | null {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The card's attributes read back from its saved HTML, or null when it is not a card we wrote. */
export function artworkCardAttrsFrom(figure: CardElement): ArtworkCardAttrs | null {
  const id = figure.getAttribute('data-artwork-id');
  const path = figure.querySelector('a[href]')?.getAttribute('href') ?? '';
  const img = figure.querySelector('img');
  const thumbUrl = safeImageSrc(img?.getAttribute('src'));
  const title = (img?.getAttribute('alt') || figure.querySelector('figcaption')?.textContent || '').trim();
  if (!id || !isSitePath(path) || !thumbUrl) return null;
  return {
    id,
    path,
    title,
    thumbUrl,
    width: dimension(img?.getAttribute('width')),
    height: dimension(img?.getAttribute('height')),
  };
}
