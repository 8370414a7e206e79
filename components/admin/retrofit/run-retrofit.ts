import { inBatches } from './batch-size';

export type LogLine = { at: Date; type: 'info' | 'success' | 'error'; message: string; details?: string };
export type Candidate = { id: string; title: string };
export type BatchAnswer = { results: { id: string; ok: boolean; error: string | null }[]; fatal: boolean; error: string | null };

export type RetrofitIo = {
  candidates(): Promise<{ ok: true; data: Candidate[] } | { ok: false; error: string }>;
  /** One call of generate-artwork-details in retrofit mode; throws when the call itself fails. */
  sendBatch(ids: string[]): Promise<BatchAnswer>;
  /** POST /api/generate-sitemap; throws with the reason when it fails. */
  regenerateSitemap(): Promise<void>;
  log(line: LogLine): void;
  progress(done: number, total: number): void;
};

export type RetrofitOutcome = { kind: 'nothing-to-do' } | { kind: 'complete'; failed: number; sitemapError: string | null } | { kind: 'fatal'; error: string };

/**
 * The retrofit run (spec §4): fetch the candidates, send them in batches one after another,
 * log each artwork's result, then regenerate the sitemap. A fatal error stops the run.
 */
export async function runRetrofit(io: RetrofitIo, batchSize: number): Promise<RetrofitOutcome> {
  const line = (type: LogLine['type'], message: string, details?: string) => io.log({ at: new Date(), type, message, details });
  line('info', 'Fetching artworks that need an SEO update…');
  const listed = await io.candidates();
  if (!listed.ok) {
    line('error', `Failed to fetch artworks: ${listed.error}`);
    return { kind: 'fatal', error: `Failed to fetch artworks: ${listed.error}` };
  }
  const total = listed.data.length;
  io.progress(0, total);
  if (total === 0) {
    line('success', 'All artworks already have an SEO title and a long description.');
    return { kind: 'nothing-to-do' };
  }
  const titles = new Map(listed.data.map((c) => [c.id, c.title]));
  const batches = inBatches(listed.data.map((c) => c.id), batchSize);
  line('info', `Found ${total} artworks to update, in ${batches.length} batches of up to ${batchSize}.`);
  let done = 0;
  let failed = 0;
  for (const [index, ids] of batches.entries()) {
    const n = index + 1;
    line('info', `Processing batch ${n} of ${batches.length} (${ids.length} artworks)…`);
    let answer: BatchAnswer;
    try {
      answer = await io.sendBatch(ids);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      line('error', `Edge function invocation failed for batch ${n}: ${message}`);
      return { kind: 'fatal', error: message };
    }
    if (answer.fatal) {
      line('error', `A critical error occurred in the Edge Function during batch ${n}: ${answer.error}`);
      return { kind: 'fatal', error: answer.error ?? 'Unknown error' };
    }
    for (const result of answer.results) {
      const title = titles.get(result.id) ?? result.id;
      if (result.ok) line('success', `Result for "${title}": SUCCESS`);
      else {
        failed++;
        line('error', `Result for "${title}": ERROR`, result.error ?? undefined);
      }
    }
    done += ids.length;
    io.progress(done, total);
  }
  line('info', 'Regenerating the sitemap…');
  try {
    await io.regenerateSitemap();
    line('success', 'Sitemap regenerated.');
    return { kind: 'complete', failed, sitemapError: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    line('error', `Sitemap generation failed: ${message}`);
    return { kind: 'complete', failed, sitemapError: message };
  }
}
