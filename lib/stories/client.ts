/** What other features use of stories, safe in the browser (no server-only module behind it). */
export type { BlogPost } from './blog';
export { STORY_LIMITS, storyMessages } from './fields';
export { isPlausibleStorySlug, storyPath } from './paths';
