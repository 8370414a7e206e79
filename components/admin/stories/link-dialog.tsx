'use client';

import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DialogActions, DialogCancel, DialogForm, EditorDialog } from './editor-dialog';
import { linkMessages, safeLinkHref } from '@/lib/rich-text/links';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link under the cursor, to change or remove; '' for a new one. */
  initialHref: string;
  /** A checked address to link to, or null to remove the link. */
  onApply: (href: string | null) => void;
  onCloseAutoFocus?: (event: Event) => void;
  fallbackFocus?: () => void;
};

export function LinkDialog({ open, onOpenChange, initialHref, onApply, onCloseAutoFocus, fallbackFocus }: Props) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a link"
      onCloseAutoFocus={onCloseAutoFocus}
      fallbackFocus={fallbackFocus}
    >
      <LinkForm initialHref={initialHref} onApply={onApply} />
    </EditorDialog>
  );
}

/** Mounted afresh each time the dialog opens, so it starts from the link under the cursor. */
function LinkForm({ initialHref, onApply }: Pick<Props, 'initialHref' | 'onApply'>) {
  const id = useId();
  const [value, setValue] = useState(initialHref);
  const [invalid, setInvalid] = useState(false);

  const submit = () => {
    if (value.trim() === '') return onApply(null);
    const href = safeLinkHref(value);
    if (href) onApply(href);
    else setInvalid(true);
  };

  return (
    <DialogForm onSubmit={submit}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-href`}>Link address</Label>
        <Input
          id={`${id}-href`}
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          Leave it empty to remove the link.
        </p>
        {invalid ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-clay">
            {linkMessages.invalid}
          </p>
        ) : null}
      </div>
      <DialogActions>
        <DialogCancel />
        <button type="submit" className={buttonVariants({ size: 'sm' })}>
          Save link
        </button>
      </DialogActions>
    </DialogForm>
  );
}
