'use client';

import { ChevronDown, Trash2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { fieldClasses } from '@/components/ui/field-classes';
import { bulkMessages } from '@/lib/bulk-manage/bulk-schema';
import { categories } from '@/lib/categories';

type Props = {
  selectedLabel: string;
  category: string;
  price: string;
  onCategory: (value: string) => void;
  onPrice: (value: string) => void;
  /** Nothing selected, or an action running (docs/product.md, Bulk Manage Artworks). */
  actionsDisabled: boolean;
  busy: 'update' | 'delete' | null;
  onApply: () => void;
  onDelete: () => void;
};

/**
 * The bulk actions (docs/product.md, Bulk Manage Artworks): the selected count, a new category, a
 * new price, Apply Changes and Delete Selected. It stays at the top of the screen while the list
 * scrolls, so the actions are in reach from any row, on a phone too.
 */
export function BulkToolbar({
  selectedLabel,
  category,
  price,
  onCategory,
  onPrice,
  actionsDisabled,
  busy,
  onApply,
  onDelete,
}: Props) {
  return (
    <form
      aria-label="Bulk actions"
      className="sticky top-0 z-10 -mx-4 mb-4 flex flex-col gap-3 border-y border-line bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border lg:flex-row lg:items-center"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <p aria-live="polite" className="font-medium text-ink lg:min-w-32">
        {selectedLabel}
      </p>
      {/* On a phone: the category and price boxes side by side, wide enough to read 'Change
          Category...' and 'Update Price...' at 390 px, then the two actions. */}
      <div className="grid grid-cols-[12.5rem_minmax(0,1fr)] gap-2 lg:flex lg:flex-1 lg:items-center">
        <div className="relative lg:w-56">
          <label htmlFor="bulk-category" className="sr-only">
            New category
          </label>
          <select
            id="bulk-category"
            value={category}
            onChange={(event) => onCategory(event.target.value)}
            disabled={busy !== null}
            className={`${fieldClasses} h-11 appearance-none pr-9`}
          >
            <option value="">{bulkMessages.changeCategory}</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-soft"
          />
        </div>
        <div className="lg:w-44">
          <label htmlFor="bulk-price" className="sr-only">
            New price
          </label>
          <input
            id="bulk-price"
            type="text"
            inputMode="text"
            autoComplete="off"
            placeholder={bulkMessages.updatePrice}
            value={price}
            onChange={(event) => onPrice(event.target.value)}
            disabled={busy !== null}
            className={`${fieldClasses} h-11`}
          />
        </div>
        <div className="col-span-2 grid grid-cols-2 gap-2 lg:flex">
          <button
            type="submit"
            disabled={actionsDisabled}
            aria-busy={busy === 'update' || undefined}
            className={`${buttonVariants({ size: 'sm' })} h-11`}
          >
            {busy === 'update' ? 'Applying…' : 'Apply Changes'}
          </button>
          <button
            type="button"
            onClick={onDelete}
            disabled={actionsDisabled}
            className={`${buttonVariants({ variant: 'destructive', size: 'sm' })} h-11`}
          >
            <Trash2 aria-hidden className="size-4" /> Delete Selected
          </button>
        </div>
      </div>
    </form>
  );
}
