/** What other features use of seo on the server; its other modules are its own. */
export { personId } from './structured-data';
