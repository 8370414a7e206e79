/**
 * The search-engine notification port: tells search engines which of the site's pages were added,
 * changed or removed, so they fetch them again. IndexNow implements it
 * (lib/search-engines/indexnow-adapter.ts); lib/search-engines/index.ts builds it
 * from the environment, and lib/search-engines/notify.ts sends the queued addresses through it.
 */

/** What the search engines answered one notification: accepted (with the HTTP status), or why not. */
export type NotifyOutcome = { accepted: true; status: number } | { accepted: false; status?: number; reason: string };

export type SearchEngineNotifier = {
  /** The most paths one notify() takes. */
  readonly batchSize: number;
  /**
   * Tells the search engines these site paths (at most batchSize, such as /gallery/all) changed.
   * Never throws for the engines' sake: a refusal, an unreachable server or no answer in time is
   * the outcome.
   */
  notify(paths: readonly string[]): Promise<NotifyOutcome>;
};
