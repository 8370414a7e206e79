import type { Database } from '@/lib/db/port';
import { dueUnannouncedStories, markStoriesAnnounced } from '@/lib/stories/queries';
import { asSystem } from '@/lib/db/roles';
import { cacheTags } from '@/lib/cache/tags';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { notifyIndexNowAs } from '@/lib/search-engines/notify';
import { searchEngineNotifier } from '@/lib/search-engines';
import type { SearchEngineNotifier } from '@/lib/search-engines/port';
import { storyPath } from './paths';

/**
 * The stories-due job: a scheduled story becomes readable by itself when its time comes (the row
 * policy compares published_at with now()), but the public pages are cached. This finds the
 * stories whose time has come and whose publication was not announced yet, queues their
 * addresses for search engines and marks them announced in one transaction, then expires the
 * public caches of stories, so the blog, the story's page, the sitemap and the feed show them.
 *
 * `expire` is how the caller expires tags: from a server timer (outside any request) through the
 * cache handlers' store, from the cron route through revalidateTag.
 */
export async function announceDueStories(
  db: Database,
  expire: (tags: string[]) => Promise<void> | void,
): Promise<{ announced: string[] }> {
  const due = await asSystem(db, 'stories', (sys) =>
    sys.transaction(async (tx) => {
      const rows = await dueUnannouncedStories(tx);
      if (rows.length === 0) return rows;
      await queueUrlChanges(tx, [...rows.map((row) => storyPath(row.slug)), '/blog']);
      await markStoriesAnnounced(
        tx,
        rows.map((row) => row.id),
      );
      return rows;
    }),
  );
  if (due.length > 0)
    await expire([cacheTags.stories, cacheTags.redirects, ...due.map((row) => cacheTags.story(row.slug))]);
  return { announced: due.map((row) => row.slug) };
}

/**
 * The job as scheduled: announce what is due, then, when something was and IndexNow is set up,
 * send the queue (as the system: no admin is behind a timer or a cron call). `indexNow`: the
 * search-engine settings, from the environment when not given (lib/search-engines/index.ts).
 */
export async function runStoriesDue(
  db: Database,
  expire: (tags: string[]) => Promise<void> | void,
  searchEngines: SearchEngineNotifier | null = searchEngineNotifier(),
) {
  const { announced } = await announceDueStories(db, expire);
  if (announced.length === 0 || !searchEngines) return { announced, indexNow: null };
  const result = await notifyIndexNowAs((fn) => asSystem(db, 'stories', (sys) => sys.transaction(fn)), searchEngines);
  return { announced, indexNow: result.message };
}
