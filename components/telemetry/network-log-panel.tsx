'use client';

import { useEffect, useState } from 'react';
import type { NetworkEntry } from '@/lib/http/app-fetch';
import { NetworkLog } from './network-log-store';

const REFRESH_MS = 500;

/**
 * The floating network log of ?debug=1 (docs/product.md, Network log panel): the latest 10 of 50
 * kept requests, refreshed every 500 ms, headers redacted, bodies cut to 200 characters. Loaded
 * only on such a visit (components/telemetry/telemetry.tsx). Escape or the Close button hides it.
 */
export function NetworkLogPanel() {
  const [{ entries, kept }, setView] = useState<{ entries: NetworkEntry[]; kept: number }>({ entries: [], kept: 0 });
  const [open, setOpen] = useState(true);

  useEffect(() => {
    const store = new NetworkLog();
    const stop = store.start();
    const refresh = () => setView({ entries: store.latest(), kept: store.size });
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) return null;
  return (
    <section
      aria-labelledby="network-log-title"
      className="fixed bottom-3 left-3 z-50 flex max-h-[50vh] w-[min(34rem,calc(100vw-1.5rem))] flex-col rounded-md border border-stone-300 bg-white text-xs text-stone-900 shadow-lg"
      data-testid="network-log-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-3 py-2">
        <h2 id="network-log-title" className="text-sm font-semibold">
          Network log{' '}
          <span className="font-normal text-stone-700">
            (latest {entries.length} of {kept} kept)
          </span>
        </h2>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="min-h-8 rounded border border-stone-300 px-2 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Close
        </button>
      </div>
      <ol className="overflow-auto px-3 py-2" tabIndex={0} aria-label="Requests, newest first">
        {entries.length === 0 ? <li>No requests yet.</li> : null}
        {entries.map((entry) => (
          <li key={entry.id} className="border-b border-stone-100 py-1 last:border-0">
            <div className="flex gap-2 font-mono">
              <span className="w-10 shrink-0">{entry.method || '—'}</span>
              <span className="w-9 shrink-0">{entry.error ? 'ERR' : (entry.status ?? '—')}</span>
              <span className="min-w-0 flex-1 break-all">{entry.url}</span>
              <span className="shrink-0">{entry.durationMs ?? '—'} ms</span>
            </div>
            {entry.requestHeaders?.length || entry.responseBody || entry.error ? (
              <details className="mt-1">
                <summary className="cursor-pointer">Details</summary>
                {entry.error ? <p>Error: {entry.error}</p> : null}
                {entry.requestHeaders?.length ? (
                  <pre className="whitespace-pre-wrap break-all">
                    {entry.requestHeaders.map(([name, value]) => `${name}: ${value}`).join('\n')}
                  </pre>
                ) : null}
                {entry.responseBody ? <pre className="whitespace-pre-wrap break-all">{entry.responseBody}</pre> : null}
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
