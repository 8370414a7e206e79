'use client';

import { useState } from 'react';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';

type FilterItem = { key: string; category: string; card: React.ReactNode };

/**
 * Category buttons over server-rendered cards: the cards arrive as HTML, this island only
 * chooses which to show. 'All' is the default (docs/product.md, Blog).
 */
export function BlogFilter({ categories, items }: { categories: readonly string[]; items: FilterItem[] }) {
  const [active, setActive] = useState('All');
  const shown = active === 'All' ? items : items.filter((item) => item.category === active);

  return (
    <>
      <div role="group" aria-label="Filter stories by category" className="flex flex-wrap justify-center gap-2">
        {categories.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={active === category}
            onClick={() => setActive(category)}
            className={cn(
              'inline-flex min-h-11 items-center rounded-full border px-5 font-medium transition-colors',
              active === category
                ? 'border-wash bg-wash text-white'
                : 'border-ink/20 bg-white text-ink hover:bg-paper-deep',
            )}
          >
            {category}
          </button>
        ))}
      </div>
      <div aria-live="polite" className="mt-10">
        {shown.length === 0 ? (
          <p className="rounded-card border border-dashed border-line p-10 text-center text-lg text-ink-soft">
            No stories in this category yet.
          </p>
        ) : (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((item) => (
              <li key={item.key}>{item.card}</li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
