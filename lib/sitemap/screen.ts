import 'server-only';
import type { AdminContext } from '@/lib/auth/types';
import { asAdmin } from '@/lib/db/roles';
import { countQueuedChanges, readSitemapState } from '@/lib/search-engines/queue';
import { searchEngineNotifier } from '@/lib/search-engines';

/** What the Sitemap Manager shows on load, from the database (so it survives restarts). */
export type SitemapScreenData = {
  lastGenerated: string | null;
  lastOutcome: string | null;
  queued: number;
  indexNowConfigured: boolean;
};

export async function loadSitemapScreen(ctx: AdminContext): Promise<SitemapScreenData> {
  const { state, queued } = await asAdmin(ctx.db, ctx.claims, async (tx) => ({
    state: await readSitemapState(tx),
    queued: await countQueuedChanges(tx),
  }));
  return {
    lastGenerated: state.lastGeneratedAt?.toISOString() ?? null,
    lastOutcome: state.lastOutcome,
    queued,
    indexNowConfigured: searchEngineNotifier() !== null,
  };
}
