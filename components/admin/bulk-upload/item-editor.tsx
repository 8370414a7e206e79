'use client';

import { useId } from 'react';
import { ALT_TEXT_MAX, messages } from '@/lib/artworks/admin/schema';
import type { Category } from '@/lib/categories';
import type { ItemFields } from '@/lib/bulk-upload/queue';
import { CategorySelect, describedBy, FieldRow, inputClasses, textareaClasses } from './fields';

type Props = { fields: ItemFields; disabled: boolean; onEdit: (field: keyof ItemFields, value: string) => void };

/**
 * One queue item's fields. The messages are the artwork schema's own (the save checks them
 * again); the slug may be left empty, and is then made from the title.
 */
export function ItemEditor({ fields, disabled, onEdit }: Props) {
  const id = useId();
  const titleError = fields.title.trim() === '' ? messages.titleRequired : null;
  const alt = fields.imageAlt.trim();
  const altError =
    alt.length === 0 ? messages.altRequired : alt.length > ALT_TEXT_MAX ? messages.altTooLong(alt.length) : null;
  const altHint = (
    <span className="flex justify-between gap-4">
      <span>Made from the title until you write your own.</span>
      <span className={alt.length > ALT_TEXT_MAX ? 'font-medium text-clay' : undefined}>
        {alt.length}/{ALT_TEXT_MAX}
      </span>
    </span>
  );
  const slugHint = 'Made from the title until you type your own; -2, -3… is added if another artwork has it.';
  const text = (field: keyof ItemFields) => ({
    id: `${id}-${field}`,
    value: fields[field],
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onEdit(field, event.target.value),
  });
  return (
    <fieldset disabled={disabled} className="mt-4 grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
      <legend className="sr-only">Details of {fields.title || 'this image'}</legend>
      <FieldRow id={`${id}-title`} label="Title" error={titleError}>
        <input
          {...text('title')}
          className={inputClasses}
          aria-required
          {...describedBy(`${id}-title`, { error: titleError })}
        />
      </FieldRow>
      <FieldRow id={`${id}-slug`} label="Slug" hint={slugHint}>
        <input {...text('slug')} className={inputClasses} {...describedBy(`${id}-slug`, { hint: slugHint })} />
      </FieldRow>
      <FieldRow id={`${id}-category`} label="Category">
        <CategorySelect {...text('category')} value={fields.category as Category} />
      </FieldRow>
      <FieldRow id={`${id}-price`} label="Price">
        <input {...text('price')} className={inputClasses} />
      </FieldRow>
      <FieldRow id={`${id}-description`} label="Description" className="sm:col-span-2">
        <textarea {...text('description')} rows={2} className={textareaClasses} />
      </FieldRow>
      <FieldRow id={`${id}-imageAlt`} label="Alt text" hint={altHint} error={altError} className="sm:col-span-2">
        <input
          {...text('imageAlt')}
          className={inputClasses}
          aria-required
          {...describedBy(`${id}-imageAlt`, { hint: altHint, error: altError })}
        />
      </FieldRow>
    </fieldset>
  );
}
