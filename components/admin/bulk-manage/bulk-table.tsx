'use client';

import { ImageOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { BulkRow } from '@/lib/bulk-manage/queries';
import { formatPrice } from '@/lib/price';

const checkboxClasses = 'size-5 shrink-0 accent-wash disabled:opacity-60';

type Props = {
  rows: BulkRow[];
  isSelected: (id: string) => boolean;
  allSelected: boolean;
  someSelected: boolean;
  disabled: boolean;
  onToggleRow: (id: string) => void;
  onTogglePage: () => void;
};

/**
 * The Bulk Manage table (docs/product.md, Bulk Manage Artworks): select-all, then Artwork
 * (thumbnail and title), Category and Price with a checkbox per row. On a phone the category and
 * price sit under the title, so the checkbox and everything in the row fit 390 px without scrolling
 * sideways.
 */
export function BulkTable({ rows, isSelected, allSelected, someSelected, disabled, onToggleRow, onTogglePage }: Props) {
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someSelected && !allSelected;
  }, [someSelected, allSelected]);

  if (rows.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-16 text-center">
        <p className="text-lg text-ink">No artworks found.</p>
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-card border border-line bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Artworks, newest first. Tick the ones to change or delete.</caption>
        <thead className="bg-paper-deep/60">
          <tr className="border-b border-line">
            <th scope="col" className="w-12 px-2 py-2 text-left">
              <label className="grid size-10 cursor-pointer place-items-center">
                <input
                  ref={selectAll}
                  type="checkbox"
                  className={checkboxClasses}
                  checked={allSelected}
                  disabled={disabled}
                  onChange={onTogglePage}
                  aria-label={`Select all ${rows.length} on this page`}
                />
              </label>
            </th>
            <th scope="col" className="px-2 py-3 text-left font-medium text-ink-soft sm:px-4">
              Artwork
            </th>
            <th scope="col" className="hidden px-4 py-3 text-left font-medium text-ink-soft sm:table-cell">
              Category
            </th>
            <th scope="col" className="hidden px-4 py-3 text-left font-medium text-ink-soft sm:table-cell">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const thumb = row.imageThumb400Url ?? row.imageUrl;
            const price = formatPrice(row.price) ?? '—';
            const selected = isSelected(row.id);
            return (
              <tr key={row.id} className={`border-b border-line last:border-b-0 ${selected ? 'bg-wash-light/60' : ''}`}>
                <td className="w-12 px-2 py-2 align-middle">
                  <label className="grid size-10 cursor-pointer place-items-center">
                    <input
                      type="checkbox"
                      className={checkboxClasses}
                      checked={selected}
                      disabled={disabled}
                      onChange={() => onToggleRow(row.id)}
                      aria-label={`Select ${row.title}`}
                    />
                  </label>
                </td>
                <td className="px-2 py-2 align-middle sm:px-4">
                  <div className="flex items-center gap-3">
                    {thumb ? (
                      // eslint-disable-next-line @next/next/no-img-element -- a stored 400px WebP thumbnail
                      <img
                        src={thumb}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        decoding="async"
                        className="size-12 shrink-0 rounded-md border border-line object-cover"
                      />
                    ) : (
                      <span className="grid size-12 shrink-0 place-items-center rounded-md border border-line text-ink-soft">
                        <ImageOff aria-hidden className="size-5" />
                      </span>
                    )}
                    <div className="min-w-0">
                      <p className="font-medium break-words text-ink">
                        {row.title}
                        {row.status !== 'published' ? (
                          <Badge>Draft</Badge>
                        ) : row.isArchived ? (
                          <Badge>Archived</Badge>
                        ) : null}
                      </p>
                      <p className="mt-0.5 text-ink-soft sm:hidden">
                        {row.category ?? '—'} · {price}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="hidden px-4 py-2 align-middle whitespace-nowrap sm:table-cell">{row.category ?? '—'}</td>
                <td className="hidden px-4 py-2 align-middle whitespace-nowrap sm:table-cell">{price}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="ml-2 rounded-full bg-line px-2 py-0.5 text-xs font-normal whitespace-nowrap">{children}</span>
  );
}
