'use client';

import { useEffect, useState } from 'react';
import type { DebugConfig } from '@/lib/diagnostics/client-checks';
import {
  ROWS,
  runSelfCheck,
  selfCheckSummary,
  type SelfCheckId,
  type SelfCheckRow,
} from '@/lib/diagnostics/self-checks';
import { browserEnv, clearServiceWorkersAndReload } from './browser-env';
import { StatusBadge } from './status-badge';

type Rows = Partial<Record<SelfCheckId, SelfCheckRow>>;

/** The Safari/iPad self-check (lib/diagnostics/self-checks.ts). */
export function SelfCheckPanel({ config }: { config: DebugConfig }) {
  const [rows, setRows] = useState<Rows>({});
  const [clearing, setClearing] = useState(false);
  useEffect(() => {
    const env = browserEnv(config);
    for (const { id } of ROWS) {
      void runSelfCheck(id, env).then((row) => setRows((current) => ({ ...current, [id]: row })));
    }
  }, [config]);

  const settled = ROWS.map(({ id }) => rows[id]).filter((row): row is SelfCheckRow => Boolean(row));
  const done = settled.length === ROWS.length;
  const oneServiceWorker = rows['service-workers']?.serviceWorkerCount === 1;

  return (
    <section aria-labelledby="self-check-heading" className="flex flex-col gap-4">
      <h2 id="self-check-heading" className="text-2xl">
        Safari/iPad self-check
      </h2>
      <ul className="divide-y divide-line rounded-card border border-line bg-white">
        {ROWS.map(({ id, label }) => {
          const row = rows[id];
          return (
            <li
              key={id}
              className="flex flex-col gap-1 p-4"
              data-self-check={id}
              data-status={row?.status ?? 'checking'}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-sans text-base font-semibold">{label}</h3>
                <StatusBadge status={row?.status ?? 'checking'} />
              </div>
              <p className="text-sm break-words">{row?.message ?? 'Checking…'}</p>
              {row ? <p className="text-sm text-ink-soft">Tip: {row.tip}</p> : null}
            </li>
          );
        })}
      </ul>
      {oneServiceWorker ? (
        <button
          type="button"
          className="btn btn-primary self-start"
          disabled={clearing}
          onClick={() => {
            setClearing(true);
            void clearServiceWorkersAndReload();
          }}
        >
          Clear Service Workers &amp; Reload
        </button>
      ) : null}
      <p role="status" className="font-medium">
        {done ? selfCheckSummary(settled) : 'Running the self-check…'}
      </p>
    </section>
  );
}
