'use client';

import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { fieldClasses } from '@/components/ui/field-classes';
import { Label } from '@/components/ui/label';
import { EditorDialog } from './editor-dialog';
import type { ArtworkPick, SearchArtworks } from './editor-types';

const SEARCH_DELAY_MS = 250;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  searchArtworks: SearchArtworks;
  onPick: (artwork: ArtworkPick) => void;
  onCloseAutoFocus?: (event: Event) => void;
  fallbackFocus?: () => void;
};

export function InsertPaintingDialog({
  open,
  onOpenChange,
  searchArtworks,
  onPick,
  onCloseAutoFocus,
  fallbackFocus,
}: Props) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert a painting"
      onCloseAutoFocus={onCloseAutoFocus}
      fallbackFocus={fallbackFocus}
    >
      <PaintingSearch searchArtworks={searchArtworks} onPick={onPick} />
    </EditorDialog>
  );
}

function foundMessage(count: number): string {
  if (count === 0) return 'No paintings found.';
  return count === 1 ? '1 painting found.' : `${count} paintings found.`;
}

type Results = { status: 'loading' } | { status: 'error' } | { status: 'done'; artworks: ArtworkPick[] };

/** Mounted afresh each time the dialog opens: it lists the newest paintings, then the matches. */
function PaintingSearch({ searchArtworks, onPick }: Pick<Props, 'searchArtworks' | 'onPick'>) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const search = useEffectEvent((text: string) => searchArtworks(text));

  useEffect(() => {
    // Only the latest search may show its answer: an earlier, slower one is dropped.
    let current = true;
    const timer = setTimeout(
      () => {
        search(query.trim()).then(
          (artworks) => current && setResults({ status: 'done', artworks }),
          () => current && setResults({ status: 'error' }),
        );
      },
      query === '' ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, attempt]);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-search`}>Search paintings</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft"
          />
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setResults({ status: 'loading' });
            }}
            aria-controls={`${id}-results`}
            className={`${fieldClasses} h-10 pl-9`}
          />
        </div>
      </div>
      <div id={`${id}-results`} className="min-h-24">
        <p
          role="status"
          className={
            results.status === 'loading' || (results.status === 'done' && results.artworks.length === 0)
              ? 'text-sm text-ink-soft'
              : 'sr-only'
          }
        >
          {results.status === 'loading'
            ? 'Loading…'
            : results.status === 'done'
              ? foundMessage(results.artworks.length)
              : null}
        </p>
        {results.status === 'error' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm font-medium text-clay">
              Paintings could not be loaded. Please try again.
            </p>
            <button
              type="button"
              onClick={() => {
                setResults({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              Try again
            </button>
          </div>
        ) : null}
        {results.status === 'done' && results.artworks.length > 0 ? (
          <ul className="grid max-h-[50dvh] gap-1 overflow-y-auto">
            {results.artworks.map((artwork) => (
              <li key={artwork.id}>
                <button
                  type="button"
                  onClick={() => onPick(artwork)}
                  className="flex min-h-14 w-full items-center gap-3 rounded-md p-1.5 text-left text-ink transition-colors hover:bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- a small thumbnail already sized by the image pipeline */}
                  <img
                    src={artwork.thumbUrl}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 shrink-0 rounded object-cover"
                  />
                  <span className="font-medium">{artwork.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
