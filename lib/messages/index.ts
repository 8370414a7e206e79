/** What other features use of messages on the server; its other modules are its own. */
export { pruneSpam } from './inbox';
