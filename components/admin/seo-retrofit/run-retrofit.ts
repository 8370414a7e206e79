import { inBatches } from './batch-size';

export type LogLine = { at: Date; type: 'info' | 'success' | 'error'; message: string; details?: string };
export type Candidate = { id: string; title: string };
export type BatchAnswer = {
  results: { id: string; ok: boolean; error: string | null }[];
  fatal: boolean;
  error: string | null;
};

export type RetrofitIo = {
  candidates(): Promise<{ ok: true; data: Candidate[] } | { ok: false; error: string }>;
  /** One call of generate-artwork-details in retrofit mode; throws when the call itself fails. */
  sendBatch(ids: string[]): Promise<BatchAnswer>;
  /** POST /api/generate-sitemap; throws with the reason when it fails. */
  regenerateSitemap(): Promise<void>;
  log(line: LogLine): void;
  progress(done: number, total: number): void;
  /** The stories' part of the run, after the artworks'; without it the run covers artworks only. */
  stories?: StoryRetrofitIo;
};

export type StoryRetrofitIo = {
  /** Stories missing an excerpt, a meta title or a meta description. */
  candidates(): Promise<{ ok: true; data: Candidate[] } | { ok: false; error: string }>;
  /** One batch of stories filled in; throws when the call itself fails. */
  sendBatch(ids: string[]): Promise<BatchAnswer['results']>;
  progress(done: number, total: number): void;
};

export type RetrofitOutcome =
  | { kind: 'nothing-to-do' }
  | { kind: 'complete'; failed: number; sitemapError: string | null; stories?: { total: number; failed: number } }
  | { kind: 'fatal'; error: string };

type Line = (type: LogLine['type'], message: string, details?: string) => void;

/**
 * The retrofit run (docs/product.md, AI SEO Retrofit): fetch the candidates, send them in batches
 * one after another, log each artwork's result, then the stories' the same way, then regenerate the
 * sitemap. A fatal error stops the run.
 */
export async function runRetrofit(io: RetrofitIo, batchSize: number): Promise<RetrofitOutcome> {
  const line: Line = (type, message, details) => io.log({ at: new Date(), type, message, details });
  line('info', 'Fetching artworks that need an SEO update…');
  const listed = await io.candidates();
  if (!listed.ok) {
    line('error', `Failed to fetch artworks: ${listed.error}`);
    return { kind: 'fatal', error: `Failed to fetch artworks: ${listed.error}` };
  }
  let storyCandidates: Candidate[] = [];
  if (io.stories) {
    line('info', 'Fetching stories that need an SEO update…');
    const stories = await io.stories.candidates();
    if (!stories.ok) {
      line('error', `Failed to fetch stories: ${stories.error}`);
      return { kind: 'fatal', error: `Failed to fetch stories: ${stories.error}` };
    }
    storyCandidates = stories.data;
  }
  const total = listed.data.length;
  io.progress(0, total);
  io.stories?.progress(0, storyCandidates.length);
  if (total === 0) line('success', 'All artworks already have an SEO title and a long description.');
  if (io.stories && storyCandidates.length === 0)
    line('success', 'All stories already have an excerpt, a meta title and a meta description.');
  if (total === 0 && storyCandidates.length === 0) return { kind: 'nothing-to-do' };

  const artworks = total > 0 ? await runArtworks(io, listed.data, batchSize, line) : { failed: 0 };
  if ('fatal' in artworks) return { kind: 'fatal', error: artworks.fatal };
  const stories =
    io.stories && storyCandidates.length > 0
      ? await runStories(io.stories, storyCandidates, batchSize, line)
      : { failed: 0 };
  if ('fatal' in stories) return { kind: 'fatal', error: stories.fatal };
  const storySummary = io.stories ? { stories: { total: storyCandidates.length, failed: stories.failed } } : {};

  line('info', 'Regenerating the sitemap…');
  try {
    await io.regenerateSitemap();
    line('success', 'Sitemap regenerated.');
    return { kind: 'complete', failed: artworks.failed, sitemapError: null, ...storySummary };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    line('error', `Sitemap generation failed: ${message}`);
    return { kind: 'complete', failed: artworks.failed, sitemapError: message, ...storySummary };
  }
}

/** The artworks in batches, one after another, a line for each artwork. */
async function runArtworks(
  io: RetrofitIo,
  candidates: Candidate[],
  batchSize: number,
  line: Line,
): Promise<{ failed: number } | { fatal: string }> {
  const total = candidates.length;
  const titles = new Map(candidates.map((c) => [c.id, c.title]));
  const batches = inBatches(
    candidates.map((c) => c.id),
    batchSize,
  );
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
      return { fatal: message };
    }
    if (answer.fatal) {
      line('error', `A critical error occurred in the Edge Function during batch ${n}: ${answer.error}`);
      return { fatal: answer.error ?? 'Unknown error' };
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
  return { failed };
}

/** The stories in batches of the same size, one after another, a line for each story. */
async function runStories(
  io: StoryRetrofitIo,
  candidates: Candidate[],
  batchSize: number,
  line: Line,
): Promise<{ failed: number } | { fatal: string }> {
  const total = candidates.length;
  const titles = new Map(candidates.map((c) => [c.id, c.title]));
  const batches = inBatches(
    candidates.map((c) => c.id),
    batchSize,
  );
  line('info', `Found ${total} stories to update, in ${batches.length} batches of up to ${batchSize}.`);
  let done = 0;
  let failed = 0;
  for (const [index, ids] of batches.entries()) {
    const n = index + 1;
    line('info', `Processing story batch ${n} of ${batches.length} (${ids.length} stories)…`);
    let results: BatchAnswer['results'];
    try {
      results = await io.sendBatch(ids);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      line('error', `Story batch ${n} failed: ${message}`);
      return { fatal: message };
    }
    for (const result of results) {
      const title = titles.get(result.id) ?? result.id;
      if (result.ok) line('success', `Result for story "${title}": SUCCESS`);
      else {
        failed++;
        line('error', `Result for story "${title}": ERROR`, result.error ?? undefined);
      }
    }
    done += ids.length;
    io.progress(done, total);
  }
  return { failed };
}
