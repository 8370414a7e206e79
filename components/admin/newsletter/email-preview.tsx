'use client';

import { useId, useState } from 'react';
import { cn } from '@/lib/utils';
import type { EmailPreview as Preview } from '@/lib/newsletter/admin-read';

type Tab = 'html' | 'text';

/**
 * "Preview as email": the last saved version as a subscriber's inbox shows it, in a sandboxed
 * frame (no script, no forms, no navigation out of it), and its plain-text part in a second tab.
 * The preview has a sample discount code and an unsubscribe link that goes nowhere.
 */
export function EmailPreview({ preview }: { preview: Preview }) {
  const ids = useId();
  const [tab, setTab] = useState<Tab>('html');
  const tabs: { key: Tab; label: string }[] = [
    { key: 'html', label: 'Email' },
    { key: 'text', label: 'Text version' },
  ];
  return (
    <section aria-labelledby={`${ids}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${ids}-heading`} className="font-serif text-2xl">
            Preview as email
          </h2>
          <p className="text-sm text-ink-soft">
            The last saved version. Subject: <span className="font-medium text-ink">{preview.subject}</span>
          </p>
        </div>
        <div role="tablist" aria-label="Preview" className="flex gap-1 rounded-md border border-line bg-white p-1">
          {tabs.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`${ids}-tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`${ids}-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => setTab(key)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                const other = tab === 'html' ? 'text' : 'html';
                setTab(other);
                document.getElementById(`${ids}-tab-${other}`)?.focus();
              }}
              className={cn(
                'min-h-10 rounded px-3 text-sm font-medium',
                tab === key ? 'bg-wash-light text-wash-deep' : 'text-ink hover:bg-paper-deep',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={`${ids}-panel-html`} aria-labelledby={`${ids}-tab-html`} hidden={tab !== 'html'}>
        <iframe
          title="The letter as an email"
          srcDoc={preview.html}
          sandbox=""
          className="h-[70vh] min-h-96 w-full rounded-card border border-line bg-white"
        />
      </div>
      <div role="tabpanel" id={`${ids}-panel-text`} aria-labelledby={`${ids}-tab-text`} hidden={tab !== 'text'}>
        <pre className="max-h-[70vh] overflow-auto whitespace-pre-wrap rounded-card border border-line bg-white p-4 font-mono text-sm text-ink">
          {preview.text}
        </pre>
      </div>
    </section>
  );
}
