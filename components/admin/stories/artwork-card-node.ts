// @tiptap/core, not @tiptap/react (which re-exports it): this file stays free of React so the
// node's HTML is tested in plain Node. It is installed as the peer of @tiptap/react.
import { Node, type CommandProps } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { isSitePath, safeImageSrc } from './editor-links';

export type ArtworkCardAttrs = {
  id: string;
  path: string;
  title: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
};

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    artworkCard: {
      /** Puts a painting's card at the cursor (a block: a paragraph around the cursor splits). */
      insertArtworkCard: (attrs: ArtworkCardAttrs) => ReturnType;
    };
  }
}

/**
 * The card's saved HTML, exactly:
 * <figure class="story-artwork" data-artwork-id><a href><img src alt width height loading="lazy"></a>
 * <figcaption><a href>title</a></figcaption></figure>, width and height left out when unknown.
 * An address that is not a site path (or an http(s)/site image) is left out rather than written.
 */
export function artworkCardSpec(attrs: ArtworkCardAttrs): DOMOutputSpec {
  const href = isSitePath(attrs.path) ? { href: attrs.path } : {};
  const src = safeImageSrc(attrs.thumbUrl);
  const img: Record<string, string> = { ...(src ? { src } : {}), alt: attrs.title };
  if (attrs.width != null) img.width = String(attrs.width);
  if (attrs.height != null) img.height = String(attrs.height);
  img.loading = 'lazy';
  return [
    'figure',
    { class: 'story-artwork', 'data-artwork-id': attrs.id },
    ['a', href, ['img', img]],
    ['figcaption', ['a', href, attrs.title]],
  ];
}

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

/** The editor's view of a card: no links to follow by mistake, marked as a painting. */
function cardView(attrs: ArtworkCardAttrs): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'story-artwork my-6 flex max-w-sm items-center gap-4 rounded-card border border-line bg-paper p-3';
  figure.contentEditable = 'false';
  const img = document.createElement('img');
  const src = safeImageSrc(attrs.thumbUrl);
  if (src) img.src = src;
  img.alt = '';
  img.className = 'size-20 shrink-0 rounded-md object-cover';
  const caption = document.createElement('figcaption');
  caption.className = 'flex flex-col gap-0.5 text-sm';
  const kind = document.createElement('span');
  kind.className = 'text-ink-soft';
  kind.textContent = 'Painting';
  const title = document.createElement('span');
  title.className = 'font-serif text-base text-ink';
  title.textContent = attrs.title;
  caption.append(kind, title);
  figure.append(img, caption);
  return figure;
}

/**
 * A chain step after inserting a block (a card, an image): the cursor goes into the text after
 * it, adding an empty paragraph when none follows. Tiptap leaves the new block selected, so the
 * next key typed or thing inserted would replace it.
 */
export function cursorAfterInsertedBlock({ tr }: CommandProps): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection)) return true;
  const after = selection.to;
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock && paragraph) tr.insert(after, paragraph.create());
  tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1)));
  return true;
}

export const ArtworkCard = Node.create({
  name: 'artworkCard',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    // Rendered by renderHTML alone, in a fixed order; parsed by parseHTML's getAttrs.
    const attr = (fallback: string | number | null) => ({ default: fallback, rendered: false });
    return { id: attr(''), path: attr(''), title: attr(''), thumbUrl: attr(''), width: attr(null), height: attr(null) };
  },

  parseHTML() {
    return [
      {
        tag: 'figure.story-artwork[data-artwork-id]',
        // A card that cannot be read back is not a card: its contents are parsed as usual.
        getAttrs: (element) => artworkCardAttrsFrom(element) ?? false,
      },
    ];
  },

  renderHTML({ node }) {
    return artworkCardSpec(node.attrs as ArtworkCardAttrs);
  },

  addNodeView() {
    return ({ node }) => ({ dom: cardView(node.attrs as ArtworkCardAttrs) });
  },

  addCommands() {
    return {
      insertArtworkCard:
        (attrs) =>
        ({ chain }) =>
          chain().insertContent({ type: this.name, attrs }).command(cursorAfterInsertedBlock).run(),
    };
  },
});
