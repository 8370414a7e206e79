import { expireTagsNow } from '../../cache-handlers/tag-sync.mjs';
import type { Database } from '@/lib/db/client';
import { env } from '@/lib/env';
import { runStoriesDue } from './due';

const key = Symbol.for('watercolour.stories.due');
const holder = globalThis as { [key]?: { timer: NodeJS.Timeout | null; running: boolean } };

/** How often the Node server looks for scheduled stories whose time has come. */
export const STORIES_DUE_EVERY_MS = 15_000;

/**
 * The Node server's stories-due timer (lib/stories/due.ts), started once from
 * instrumentation-node.ts: a scheduled story is on the blog within STORIES_DUE_EVERY_MS of its
 * time. Outside a request, tags are expired through the cache handlers' store.
 */
export function startStoriesDue(db: Database, everyMs = STORIES_DUE_EVERY_MS): void {
  const state = (holder[key] ??= { timer: null, running: false });
  if (state.timer) return;
  const tick = async () => {
    if (state.running) return;
    state.running = true;
    try {
      const config = env();
      await runStoriesDue(db, expireTagsNow, { key: config.INDEXNOW_KEY, endpoint: config.INDEXNOW_ENDPOINT, siteUrl: config.SITE_URL });
    } catch (error) {
      console.error('[stories] the stories-due job failed:', error);
    } finally {
      state.running = false;
    }
  };
  state.timer = setInterval(() => void tick(), everyMs);
  state.timer.unref();
  void tick();
}
