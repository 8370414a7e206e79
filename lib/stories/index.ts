/** What other features use of stories on the server; its other modules are its own. */
export { listPublicStories } from './public';
export { getStoryById, getVisibleStoryBySlug, updateStoryAtVersion } from './queries';
export { isLive } from './save';
