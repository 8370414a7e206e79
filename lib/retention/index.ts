/** What other features use of retention on the server; its other modules are its own. */
export { noteAppLogRowsWritten } from './retention';
