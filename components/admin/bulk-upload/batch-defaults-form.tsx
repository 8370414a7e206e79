'use client';

import { useId } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { Category } from '@/lib/categories';
import type { BatchDefaults } from '@/lib/bulk-upload/queue';
import { CategorySelect, FieldRow, inputClasses, textareaClasses } from './fields';

/**
 * Batch defaults (category, price, description) and 'Apply Defaults to Batch' (docs/product.md,
 * Bulk upload).
 */
export function BatchDefaultsForm({
  defaults,
  onChange,
  onApply,
  canApply,
}: {
  defaults: BatchDefaults;
  onChange: (change: Partial<BatchDefaults>) => void;
  onApply: () => void;
  canApply: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-line bg-white p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="font-serif text-xl">
        Batch defaults
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Every image you add starts with these. Apply them to set them on the images already in the queue.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FieldRow id={`${id}-category`} label="Default category">
          <CategorySelect
            id={`${id}-category`}
            value={defaults.category}
            onChange={(event) => onChange({ category: event.target.value as Category })}
          />
        </FieldRow>
        <FieldRow id={`${id}-price`} label="Default price">
          <input
            id={`${id}-price`}
            className={inputClasses}
            value={defaults.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
        </FieldRow>
        <FieldRow id={`${id}-description`} label="Default description" className="sm:col-span-2">
          <textarea
            id={`${id}-description`}
            rows={2}
            className={textareaClasses}
            value={defaults.description}
            onChange={(event) => onChange({ description: event.target.value })}
          />
        </FieldRow>
      </div>
      <button
        type="button"
        className={`${buttonVariants({ variant: 'secondary' })} mt-4`}
        onClick={onApply}
        disabled={!canApply}
      >
        Apply Defaults to Batch
      </button>
    </section>
  );
}
