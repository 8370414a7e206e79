/** The screen's call of POST /api/generate-sitemap, reduced to what it shows. */
export type SitemapRun =
  | {
      ok: true;
      pingResult: { google: string; bing: string };
      error: string | null;
      lastGenerated: string | null;
      queued: number | null;
    }
  | { ok: false; error: string };

type Answer = {
  pingResult?: { google: string; bing: string };
  fatal?: boolean;
  error?: string | null;
  lastGenerated?: string | null;
  queued?: number | null;
};

export async function requestSitemapGeneration(fetchImpl: typeof fetch = fetch): Promise<SitemapRun> {
  let response: Response;
  try {
    response = await fetchImpl('/api/generate-sitemap', { method: 'POST' });
  } catch {
    return { ok: false, error: 'The server could not be reached. Check your connection and try again.' };
  }
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (!response.ok || !answer || answer.fatal || !answer.pingResult) {
    return {
      ok: false,
      error: answer?.error || `The server answered ${response.status} ${response.statusText}`.trim(),
    };
  }
  return {
    ok: true,
    pingResult: answer.pingResult,
    error: answer.error ?? null,
    lastGenerated: answer.lastGenerated ?? null,
    queued: answer.queued ?? null,
  };
}
