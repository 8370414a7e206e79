'use client';

import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

type Props = { activeFilters: number; filters: React.ReactNode; children: React.ReactNode };

/** The Filters button, which shows or hides the filter form (open while filters apply), then the screen's other actions. */
export function LogsToolbar({ activeFilters, filters, children }: Props) {
  const [open, setOpen] = useState(activeFilters > 0);
  const panelId = useId();
  return (
    <div className="mb-4">
      <div className="flex flex-wrap items-center gap-2">
        <ReadyFieldset>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
            className={buttonVariants({ variant: 'secondary', size: 'sm' })}
          >
            <SlidersHorizontal aria-hidden className="size-4" /> Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
          </button>
          {children}
        </ReadyFieldset>
      </div>
      <div id={panelId} hidden={!open} className="mt-3">
        {filters}
      </div>
    </div>
  );
}
