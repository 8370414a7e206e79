'use client';

import { createContext, use, useState } from 'react';
import type { AppLogRow } from '@/lib/log-viewer/queries';
import { LogDetailsDialog } from './log-details-dialog';
import { useHydrated } from '@/lib/use-hydrated';

const OpenDetails = createContext<(id: string) => void>(() => {});

/**
 * Holds which row's details are open. The table itself renders on the server; its rows and
 * their Details buttons are the only client parts, and they open the dialog here.
 */
export function LogDetailsProvider({ rows, children }: { rows: AppLogRow[]; children: React.ReactNode }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const row = rows.find((candidate) => candidate.id === openId) ?? null;
  return (
    <OpenDetails value={setOpenId}>
      {children}
      <LogDetailsDialog row={row} onClose={() => setOpenId(null)} />
    </OpenDetails>
  );
}

/** A table row that opens its details when clicked anywhere (the Details button is the keyboard path). */
export function LogRow({ id, children }: { id: string; children: React.ReactNode }) {
  const open = use(OpenDetails);
  return (
    <tr onClick={() => open(id)} className="cursor-pointer border-b border-line last:border-b-0 hover:bg-paper-deep/50">
      {children}
    </tr>
  );
}

export function LogDetailsButton({ id, label }: { id: string; label: string }) {
  const open = use(OpenDetails);
  const ready = useHydrated();
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        open(id);
      }}
      aria-label={label}
      disabled={!ready}
      className="inline-flex min-h-6 items-center rounded text-wash disabled:opacity-60 underline underline-offset-4 hover:text-wash-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wash"
    >
      View
    </button>
  );
}
