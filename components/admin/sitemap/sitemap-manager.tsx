'use client';

import { CircleAlert, ExternalLink, Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  changedAddresses,
  formatGeneratedAt,
  generatedDescription,
  INDEXNOW_ENABLE_HINT,
} from '@/lib/sitemap/messages';
import { toast } from '@/lib/toast';
import { requestSitemapGeneration, type SitemapRun } from './generate-request';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

type Initial = {
  lastGenerated: string | null;
  lastOutcome: string | null;
  queued: number;
  indexNowConfigured: boolean;
};

/**
 * The Sitemap Manager (docs/product.md, Sitemap Manager): explanation, 'Generate & Ping Search
 * Engines', the last run.
 */
export function SitemapManager({ initial }: { initial: Initial }) {
  const [running, setRunning] = useState(false);
  const [lastGenerated, setLastGenerated] = useState(initial.lastGenerated);
  const [queued, setQueued] = useState(initial.queued);
  const [run, setRun] = useState<SitemapRun | null>(null);

  const generate = async () => {
    setRunning(true);
    try {
      const result = await requestSitemapGeneration();
      setRun(result);
      if (!result.ok) {
        toast.error('Sitemap Generation Failed', { description: result.error });
        return;
      }
      if (result.lastGenerated) setLastGenerated(result.lastGenerated);
      if (result.queued !== null) setQueued(result.queued);
      toast.success('Sitemap Generated!', { description: generatedDescription(result.pingResult) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <ReadyFieldset>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="sitemap-about" className="rounded-card border border-line bg-white p-4 sm:p-5">
          <h2 id="sitemap-about" className="flex items-center gap-2 font-serif text-xl text-ink">
            <MapIcon aria-hidden className="size-5 text-wash-deep" /> Sitemap and search engines
          </h2>
          <p className="mt-2 text-ink">
            Creates a fresh sitemap file with all artworks, blog posts and pages, and notifies Google and Bing.
          </p>
          <p className="mt-2 text-sm text-ink-soft">
            Google retired its sitemap ping in 2023 and finds the sitemap through robots.txt. Bing and other search
            engines are told through IndexNow exactly which addresses were added, changed or removed since the last
            notification.
          </p>
          {initial.indexNowConfigured ? (
            <p className="mt-2 text-sm text-ink" aria-live="polite">
              {queued === 0
                ? 'No changed addresses waiting to be sent.'
                : `${changedAddresses(queued)} waiting to be sent.`}
            </p>
          ) : (
            <p id="indexnow-off" className="mt-3 flex gap-2 rounded-card border border-clay/40 p-3 text-sm text-ink">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-clay" />
              <span>
                IndexNow is not configured, so Bing and other search engines are not notified. To enable it,{' '}
                {INDEXNOW_ENABLE_HINT}.
              </span>
            </p>
          )}
        </section>

        <div className="flex flex-col gap-4 rounded-card border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <div className="flex flex-col gap-1 text-sm">
            {lastGenerated ? (
              <>
                <p className="text-ink">
                  Last generated: <time dateTime={lastGenerated}>{formatGeneratedAt(lastGenerated)}</time>
                </p>
                <a
                  href="/sitemap.xml"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-6 items-center gap-1 text-wash underline underline-offset-4 hover:text-wash-deep"
                >
                  View Generated Sitemap <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </>
            ) : (
              <p className="text-ink-soft">The sitemap has not been generated from here yet.</p>
            )}
          </div>
          <Button type="button" onClick={generate} disabled={running} aria-busy={running || undefined}>
            {running ? 'Generating & Pinging...' : 'Generate & Ping Search Engines'}
          </Button>
        </div>

        {run ? (
          run.ok ? (
            <section
              role="status"
              aria-labelledby="sitemap-result"
              className="rounded-card border border-wash bg-white p-4 sm:p-5"
            >
              <h2 id="sitemap-result" className="font-serif text-xl text-wash-deep">
                Sitemap Generated!
              </h2>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-ink">Google</dt>
                <dd className="text-ink">{run.pingResult.google}</dd>
                <dt className="font-medium text-ink">Bing (IndexNow)</dt>
                <dd className="text-ink">{run.pingResult.bing}</dd>
              </dl>
              {run.error ? <p className="mt-2 text-sm text-clay">{run.error}</p> : null}
            </section>
          ) : (
            <div role="alert" className="rounded-card border border-clay bg-white p-4 sm:p-5">
              <h2 className="flex items-center gap-2 font-serif text-xl text-clay">
                <CircleAlert aria-hidden className="size-5" /> Sitemap Generation Failed
              </h2>
              <p className="mt-1 text-ink">{run.error}</p>
            </div>
          )
        ) : null}
      </div>
    </ReadyFieldset>
  );
}
