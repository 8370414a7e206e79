'use client';

import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { RELEASE_HELD_DROPS } from './held-drops-release';

const ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

const carriesFiles = (event: DragEvent | React.DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Where images enter the queue: dropped on the zone, or chosen with the file picker, which is a
 * real (visually hidden) file input, so the keyboard reaches it with Tab and opens it with
 * Enter or Space.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them.
  const depth = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const takeEarlyFiles = useRef(onFiles);

  // Files given before this island hydrated join the queue now: chosen with the picker (the
  // server-rendered input holds them) or dropped on the zone (held by HeldDropsScript, which
  // also kept the browser from opening them). Once: the input is cleared and the hold released.
  useEffect(() => {
    const chosen = Array.from(input.current?.files ?? []);
    if (input.current) input.current.value = '';
    const dropped = window[RELEASE_HELD_DROPS]?.() ?? [];
    if (chosen.length + dropped.length > 0) takeEarlyFiles.current([...chosen, ...dropped]);
  }, []);

  // A file dropped beside the zone would make the browser open it and leave the page.
  useEffect(() => {
    const hold = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', hold);
    window.addEventListener('drop', hold);
    return () => {
      window.removeEventListener('dragover', hold);
      window.removeEventListener('drop', hold);
    };
  }, []);

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      data-testid="drop-zone"
      data-drop-zone=""
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={onDrop}
      className={`flex h-full flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed px-6 py-10 text-center transition-colors ${dragging ? 'border-wash bg-wash-light' : 'border-ink/25 bg-white'}`}
    >
      <ImagePlus aria-hidden className="size-10 text-wash" />
      <p className="font-serif text-xl text-ink">Drag and drop images here</p>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        JPEG, PNG or WebP, up to 10MB each. Other files are refused.
      </p>
      <label
        htmlFor={id}
        className={`${buttonVariants({ variant: 'secondary' })} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-wash`}
      >
        Choose images
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same files again is a change too.
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </label>
    </div>
  );
}
