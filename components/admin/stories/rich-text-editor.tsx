'use client';

import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor, type EditorOptions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useState } from 'react';
import { ArtworkCard, cursorAfterInsertedBlock } from './artwork-card-node';
import { EditorToolbar } from './editor-toolbar';
import { safeImageSrc, safeLinkHref } from '@/lib/rich-text/links';
import type { ArtworkPick, InsertedImage, SearchArtworks, UploadImage } from './editor-types';
import { ImageDialog } from './image-dialog';
import { InsertPaintingDialog } from './insert-painting-dialog';
import { LinkDialog } from './link-dialog';

export type RichTextEditorProps = {
  /** id given to the editable element (so a <label htmlFor> elsewhere can point at it); optional */
  id?: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /**
   * Uploads an image into the text; absent, the toolbar offers none. A letter takes none: the
   * storage sweep keeps the files stories and artworks name, not a letter's.
   */
  uploadImage?: UploadImage;
  searchArtworks: SearchArtworks;
  /** The editable text's accessible name: 'Story' unless said. */
  label?: string;
  /** aria-describedby for the editable element, optional */
  describedBy?: string;
};

/** The column a story's images fill on the public page; the browser picks from srcset with it. */
const STORY_IMAGE_SIZES = '(min-width: 800px) 768px, 100vw';

/** Image with srcset and sizes kept, no title, and only http(s) or site addresses read in. */
const StoryImage = Image.extend({
  addAttributes() {
    const attr = { default: null };
    return { src: attr, srcset: attr, sizes: attr, alt: attr, width: attr, height: attr };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (element) => (safeImageSrc(element.getAttribute('src')) ? null : false) }];
  },
});

// Made once: useEditor compares extensions by identity on every render.
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      // No schemes beyond linkify's own: which addresses are allowed is isAllowedUri's call.
      protocols: [],
      defaultProtocol: 'https',
      HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      // Checks typed, pasted and loaded links alike; autolinking only sees addresses with a scheme.
      isAllowedUri: (url) => safeLinkHref(url) !== null,
    },
  }),
  StoryImage.configure({ inline: false, allowBase64: false }),
  ArtworkCard,
];

/**
 * Article-like type for the story, in Tailwind (the site has no typography plugin). Top-level
 * images only (`>`), so the painting card's own thumbnail keeps its size.
 */
const editableClasses = [
  'min-h-80 rounded-b-md border border-ink/25 bg-white px-4 py-3 text-base leading-relaxed text-ink sm:px-6 sm:py-4',
  'focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash',
  '[&>*:first-child]:mt-0 [&_p]:my-3',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:font-serif [&_h2]:text-2xl [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-serif [&_h3]:text-xl',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li>p]:my-1',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-wash/40 [&_blockquote]:pl-4 [&_blockquote]:text-ink-soft [&_blockquote]:italic',
  '[&_a]:text-wash [&_a]:underline [&_code]:rounded [&_code]:bg-paper-deep [&_code]:px-1 [&_hr]:my-6 [&_hr]:border-line',
  '[&>img]:my-4 [&>img]:h-auto [&>img]:max-w-full [&>img]:rounded-md',
  '[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-wash',
].join(' ');

type OpenDialog = 'link' | 'image' | 'painting' | null;

/**
 * The story's body (admin only). Saved HTML goes out through onChange on every edit, '' when the
 * story is empty; the server sanitises it again before it is stored or shown.
 */
export function RichTextEditor({
  id,
  initialHtml,
  onChange,
  uploadImage,
  searchArtworks,
  describedBy,
  label = 'Story',
}: RichTextEditorProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Set when a dialog has changed the story: focus then returns to the text, not the toolbar.
  const [backToText, setBackToText] = useState(false);

  const editorProps = useMemo<EditorOptions['editorProps']>(
    () => ({
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: editableClasses,
        ...(id ? { id } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      // Link has no shortcut of its own: Ctrl/Cmd+K opens the dialog (not the browser's search).
      handleKeyDown: (_view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k')
          return false;
        setDialog('link');
        return true;
      },
    }),
    [id, describedBy, label],
  );

  // Read once: the form may pass the latest HTML back in, and the editor already holds it.
  const [content] = useState(initialHtml);
  const editor = useEditor({
    extensions,
    content,
    immediatelyRender: false,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useLabelFocus(editor, id);

  // Read as the dialog opens; the form inside keeps its first value while it is open.
  const linkHref = dialog === 'link' && editor ? String(editor.getAttributes('link').href ?? '') : '';

  const finish = (change: (editor: Editor) => void) => {
    if (editor) change(editor);
    setBackToText(true);
    setDialog(null);
  };
  const onCloseAutoFocus = (event: Event) => {
    if (!backToText || !editor) return;
    setBackToText(false);
    event.preventDefault();
    editor.commands.focus();
  };
  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
    onCloseAutoFocus,
    fallbackFocus: () => editor?.commands.focus(),
  });

  return (
    <div className="flex flex-col">
      <EditorToolbar
        editor={editor}
        onLink={() => setDialog('link')}
        onImage={uploadImage ? () => setDialog('image') : undefined}
        onPainting={() => setDialog('painting')}
      />
      {/* Until the editor mounts in the browser, an empty box of the same size holds its place. */}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div aria-hidden className="min-h-80 rounded-b-md border border-ink/25 bg-white" />
      )}

      <LinkDialog
        {...dialogProps('link')}
        initialHref={linkHref}
        onApply={(href) => finish((current) => applyLink(current, href))}
      />
      {uploadImage ? (
        <ImageDialog
          {...dialogProps('image')}
          uploadImage={uploadImage}
          onInsert={(image, alt) => finish((current) => insertImage(current, image, alt))}
        />
      ) : null}
      <InsertPaintingDialog
        {...dialogProps('painting')}
        searchArtworks={searchArtworks}
        onPick={(artwork) => finish((current) => insertPainting(current, artwork))}
      />
    </div>
  );
}

/**
 * A <label for> names and focuses form controls only, not an editable <div>: a click on the
 * label pointing here focuses the text by hand (its name stays the aria-label, 'Story').
 */
function useLabelFocus(editor: Editor | null, id: string | undefined) {
  useEffect(() => {
    if (!editor || !id) return;
    const onClick = (event: MouseEvent) => {
      const label = event.target instanceof Element ? event.target.closest('label') : null;
      if (label?.htmlFor === id) editor.commands.focus();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [editor, id]);
}

/** An uploaded image as its own block, the cursor after it. */
function insertImage(editor: Editor, image: InsertedImage, alt: string) {
  return editor
    .chain()
    .insertContent({
      type: 'image',
      attrs: {
        src: image.src,
        srcset: image.srcset || null,
        // sizes means nothing without srcset, and a validator flags it.
        sizes: image.srcset ? STORY_IMAGE_SIZES : null,
        alt,
        width: image.width ?? null,
        height: image.height ?? null,
      },
    })
    .command(cursorAfterInsertedBlock)
    .run();
}

function insertPainting(editor: Editor, artwork: ArtworkPick) {
  return editor.commands.insertArtworkCard({
    id: artwork.id,
    path: artwork.path,
    title: artwork.title,
    thumbUrl: artwork.thumbUrl,
    width: artwork.width ?? null,
    height: artwork.height ?? null,
  });
}

/**
 * Sets, changes or (href null) removes the link at the selection. With nothing selected and no
 * link under the cursor, the address itself goes in as the linked text, and typing after it is
 * not linked.
 */
function applyLink(editor: Editor, href: string | null) {
  // Not focus(): the dialog is still open and would take focus back; onCloseAutoFocus does it.
  if (href === null) return editor.chain().extendMarkRange('link').unsetLink().run();
  if (editor.state.selection.empty && !editor.isActive('link')) {
    return editor
      .chain()
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .unsetMark('link')
      .run();
  }
  return editor.chain().extendMarkRange('link').setLink({ href }).run();
}
