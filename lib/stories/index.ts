/** What other features use of stories on the server; its other modules are its own. */
export { listPublicStories } from './public';
export { getStoryById, getVisibleStoryBySlug, updateStoryAtVersion } from './queries';
export type { FeedStory } from './feed';
export { isLive } from './save';
export { sanitizeStoryHtml } from './sanitize';
