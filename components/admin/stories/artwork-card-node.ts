// @tiptap/core, not @tiptap/react (which re-exports it): this file stays free of React. The card's
// HTML itself is lib/rich-text/artwork-card.ts, which the server writes letters with too.
import { Node, type CommandProps } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { artworkCardAttrsFrom, artworkCardSpec, type ArtworkCardAttrs } from '@/lib/rich-text/artwork-card';
import { safeImageSrc } from '@/lib/rich-text/links';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    artworkCard: {
      /** Puts a painting's card at the cursor (a block: a paragraph around the cursor splits). */
      insertArtworkCard: (attrs: ArtworkCardAttrs) => ReturnType;
    };
  }
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
