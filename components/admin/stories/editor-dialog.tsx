'use client';

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Called first as the dialog closes; preventDefault there to place focus yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Where focus goes on closing when nothing had focus as the dialog opened. */
  fallbackFocus?: () => void;
  children: React.ReactNode;
};

/**
 * The editor's dialogs, in the look of components/ui/alert-dialog.tsx. On a phone it sits near
 * the top, clear of the on-screen keyboard; it scrolls when taller than the screen.
 */
export function EditorDialog({ open, onOpenChange, title, onCloseAutoFocus, fallbackFocus, children }: Props) {
  // These dialogs open from the toolbar or a shortcut, not a Dialog.Trigger, and a modal Radix
  // dialog returns focus only to its Trigger (else to <body>): the opener is remembered here.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content
          // No description: each dialog's fields carry their own hints.
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            const focused = document.activeElement;
            opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            else fallbackFocus?.();
            opener.current = null;
          }}
          className="fixed top-4 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 gap-4 overflow-y-auto rounded-card border border-line bg-white p-5 text-ink shadow-lg data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 sm:top-1/2 sm:-translate-y-1/2 sm:p-6"
        >
          <Dialog.Title className="pr-10 font-serif text-xl text-ink">{title}</Dialog.Title>
          {children}
          {/* Last in the dialog, so opening it puts focus in its first field, not on Close. */}
          <Dialog.Close
            className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} absolute top-2 right-2`}
            aria-label="Close"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog's form. React sends events up through a portal to the components around it, so
 * without stopPropagation the story form holding the editor would be submitted too.
 */
export function DialogForm({
  onSubmit,
  children,
  ...props
}: Omit<React.ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
      className="grid gap-4"
      {...props}
    >
      {children}
    </form>
  );
}

export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

export function DialogCancel({ disabled }: { disabled?: boolean }) {
  return (
    <Dialog.Close type="button" disabled={disabled} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
      Cancel
    </Dialog.Close>
  );
}
