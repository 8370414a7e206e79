/** What other features use of shop on the server; its other modules are its own. */
export { deliveryTimes } from './delivery';
