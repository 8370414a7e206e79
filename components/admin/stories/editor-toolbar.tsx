'use client';

import { useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Palette,
  Redo2,
  TextQuote,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

type Props = {
  editor: Editor | null;
  onLink: () => void;
  /** Absent where the text takes no uploaded images (a newsletter letter): no Image button. */
  onImage?: () => void;
  onPainting: () => void;
};

type Tool = {
  label: string;
  icon: LucideIcon;
  run: () => void;
  /** A toggle's state; absent on buttons that act or open a dialog. */
  pressed?: boolean;
  unavailable?: boolean;
  /** A dialog opens: said to assistive technology, and the label shown beside the icon. */
  dialog?: 'label-from-sm' | 'label-always';
  hint?: string;
};

const mod = 'Ctrl/⌘';

/**
 * The formatting toolbar. Every button is a Tab stop (arrow keys move along it too), 40px or
 * more, and wraps onto further rows on a phone. Pressing one keeps the cursor in the text:
 * mousedown is cancelled, so a phone's keyboard does not drop and come back.
 */
export function EditorToolbar({ editor, onLink, onImage, onPainting }: Props) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            link: current.isActive('link'),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            blockquote: current.isActive('blockquote'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  const chain = () => editor?.chain().focus();
  const groups: Tool[][] = [
    [
      {
        label: 'Heading',
        icon: Heading2,
        pressed: state?.h2 ?? false,
        run: () => chain()?.toggleHeading({ level: 2 }).run(),
      },
      {
        label: 'Subheading',
        icon: Heading3,
        pressed: state?.h3 ?? false,
        run: () => chain()?.toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        label: 'Bold',
        icon: Bold,
        pressed: state?.bold ?? false,
        hint: `${mod}+B`,
        run: () => chain()?.toggleBold().run(),
      },
      {
        label: 'Italic',
        icon: Italic,
        pressed: state?.italic ?? false,
        hint: `${mod}+I`,
        run: () => chain()?.toggleItalic().run(),
      },
      { label: 'Link', icon: Link2, dialog: 'label-from-sm', hint: `${mod}+K`, run: onLink },
    ],
    [
      {
        label: 'Bulleted list',
        icon: List,
        pressed: state?.bulletList ?? false,
        run: () => chain()?.toggleBulletList().run(),
      },
      {
        label: 'Numbered list',
        icon: ListOrdered,
        pressed: state?.orderedList ?? false,
        run: () => chain()?.toggleOrderedList().run(),
      },
      {
        label: 'Quote',
        icon: TextQuote,
        pressed: state?.blockquote ?? false,
        run: () => chain()?.toggleBlockquote().run(),
      },
    ],
    [
      ...(onImage ? [{ label: 'Image', icon: ImagePlus, dialog: 'label-from-sm' as const, run: onImage }] : []),
      { label: 'Insert a painting', icon: Palette, dialog: 'label-always', run: onPainting },
    ],
    [
      { label: 'Undo', icon: Undo2, unavailable: !state?.canUndo, hint: `${mod}+Z`, run: () => chain()?.undo().run() },
      {
        label: 'Redo',
        icon: Redo2,
        unavailable: !state?.canRedo,
        hint: `${mod}+Shift+Z`,
        run: () => chain()?.redo().run(),
      },
    ],
  ];

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={moveAlongToolbar}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-t-md border border-b-0 border-ink/25 bg-white/95 p-1 backdrop-blur"
    >
      {groups.map((tools, index) => (
        // Dividers from sm up: on a phone the groups wrap, and a divider would start a row.
        <div
          key={tools[0]?.label}
          className={cn(
            'flex flex-wrap items-center gap-1',
            index > 0 && 'sm:-ml-2 sm:border-l sm:border-line sm:pl-1',
          )}
        >
          {tools.map((tool) => (
            <ToolButton key={tool.label} tool={tool} ready={editor !== null} />
          ))}
        </div>
      ))}
    </div>
  );
}

function ToolButton({ tool, ready }: { tool: Tool; ready: boolean }) {
  const Icon = tool.icon;
  // aria-disabled, not disabled: Undo and Redo stay reachable by Tab (and say why they do nothing).
  const unavailable = !ready || tool.unavailable;
  return (
    <button
      type="button"
      aria-label={tool.label}
      aria-pressed={tool.pressed}
      aria-disabled={unavailable || undefined}
      aria-haspopup={tool.dialog ? 'dialog' : undefined}
      title={tool.hint ? `${tool.label} (${tool.hint})` : tool.label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (!unavailable) tool.run();
      }}
      className={cn(
        'inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-ink transition-colors hover:bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash',
        'aria-pressed:bg-wash-light aria-pressed:text-wash-deep aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent',
      )}
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      {tool.dialog ? (
        <span className={tool.dialog === 'label-always' ? undefined : 'hidden sm:inline'}>{tool.label}</span>
      ) : null}
    </button>
  );
}

/** Left and Right (and Home, End) move between the toolbar's buttons, as in a word processor. */
function moveAlongToolbar(event: React.KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  if (at === -1) return;
  const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: buttons.length - 1 }[event.key] ?? at;
  event.preventDefault();
  buttons[(next + buttons.length) % buttons.length]?.focus();
}
