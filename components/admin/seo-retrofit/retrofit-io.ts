import { listRetrofitCandidatesAction } from '@/lib/ai/actions';
import { listStoryRetrofitCandidatesAction, retrofitStoriesAction } from '@/lib/ai/story-actions';
import type { BatchAnswer, RetrofitIo, StoryRetrofitIo } from './run-retrofit';

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  return body?.error || `${response.status} ${response.statusText}`.trim();
}

/** The browser's side of a run: the server action, the AI route and the sitemap route. */
export const browserRetrofitIo: Pick<RetrofitIo, 'candidates' | 'sendBatch' | 'regenerateSitemap'> = {
  candidates: () => listRetrofitCandidatesAction({}),
  async sendBatch(ids) {
    const response = await fetch('/api/generate-artwork-details', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ artworkIds: ids, retrofitMode: true }),
    });
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as BatchAnswer | null;
    // A fatal answer (500 with fatal: true) is the function's own report, not a failed call.
    if (body && typeof body.fatal === 'boolean' && Array.isArray(body.results)) return body;
    throw new Error(await errorOf(response));
  },
  async regenerateSitemap() {
    const response = await fetch('/api/generate-sitemap', { method: 'POST' });
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { fatal?: boolean; error?: string | null } | null;
    if (!response.ok || body?.fatal || body?.error) throw new Error(body?.error || (await errorOf(response)));
  },
};

/** The stories' side: server actions (a batch is a few ids; each story's result comes back). */
export const browserStoryRetrofitIo: Omit<StoryRetrofitIo, 'progress'> = {
  candidates: () => listStoryRetrofitCandidatesAction({}),
  async sendBatch(ids) {
    const result = await retrofitStoriesAction({ ids });
    if (!result.ok) throw new Error(result.error);
    return result.data;
  },
};
