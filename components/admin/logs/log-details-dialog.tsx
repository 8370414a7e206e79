'use client';

import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { AppLogRow } from '@/lib/log-viewer/queries';
import { logTimeLong } from './format';
import { LevelBadge } from './level-badge';

const NA = 'N/A';
const orNa = (value: string | null | undefined) => (value ? value : NA);

function metadataJson(meta: unknown): string {
  return meta === null || meta === undefined ? NA : JSON.stringify(meta, null, 2);
}

/**
 * One log row in full (docs/product.md, Application Logs): level, feature, message, metadata as
 * formatted JSON, then ID, timestamp, type, URL, user ID and correlation ID, each 'N/A' when
 * missing. The native modal <dialog> traps focus, makes the page inert and closes on Escape; a
 * click on the backdrop closes it too.
 */
export function LogDetailsDialog({ row, onClose }: { row: AppLogRow | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (row && !element.open) element.showModal();
    if (!row && element.open) element.close();
  }, [row]);

  const fields: [string, string][] = row
    ? [
        ['ID', row.id],
        ['Timestamp', logTimeLong(new Date(row.ts))],
        ['Type', orNa(row.type)],
        ['URL', orNa(row.url)],
        ['User ID', orNa(row.userId)],
        ['Correlation ID', orNa(row.correlationId)],
      ]
    : [];

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-card border border-line bg-white p-0 text-ink shadow-lg backdrop:bg-ink/50"
    >
      {row ? (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-serif text-xl">
              Log details
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
              aria-label="Close details"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
            <dt className="font-medium text-ink-soft">Level</dt>
            <dd className="mb-2 sm:mb-0">
              <LevelBadge level={row.level} />
            </dd>
            <dt className="font-medium text-ink-soft">Feature</dt>
            <dd className="mb-2 sm:mb-0">{orNa(row.feature)}</dd>
            <dt className="font-medium text-ink-soft">Message</dt>
            <dd className="mb-2 whitespace-pre-wrap break-words sm:mb-0">{orNa(row.message)}</dd>
            <dt className="font-medium text-ink-soft">Metadata</dt>
            <dd className="mb-2 min-w-0 sm:mb-0">
              {row.meta === null || row.meta === undefined ? (
                NA
              ) : (
                <pre
                  tabIndex={0}
                  aria-label="Metadata as JSON"
                  className="max-h-72 overflow-auto rounded-md bg-paper-deep/60 p-3 font-mono text-xs whitespace-pre-wrap break-all focus-visible:outline-2 focus-visible:outline-wash"
                >
                  {metadataJson(row.meta)}
                </pre>
              )}
            </dd>
            {fields.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-ink-soft">{label}</dt>
                <dd className="mb-2 font-mono text-xs break-all sm:mb-0 sm:self-center">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 flex justify-end">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              Close
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
