/** What other features use of the newsletter on the server; its other modules are its own. */
export {
  readDiscountSettings,
  discountWords,
  discountedPence,
  type DiscountSettings,
  type DiscountKind,
} from './discount-settings';
export {
  checkDiscountCode,
  tryDiscountCode,
  normaliseCode,
  discountMessages,
  type DiscountCheck,
  type DiscountRefusal,
} from './discount';
export { requestSubscription, type SubscriptionRequest } from './subscriptions';
export {
  listSubscribers,
  countSubscribers,
  countByStatus,
  subscriberCounts,
  removeSubscriber,
  subscribersCsv,
  type Subscriber,
  type SubscriberStatus,
} from './subscriber-list';
export { subscriberMail } from './subscriber-mail';
export { listPublicLetters, type PublicLetter } from './public';
export { LETTERS_PATH, letterPath } from './links';
