/** What other features use of content on the server; its other modules are its own. */
export type { FaqEntry } from './ai-profile';
