/** What a notification run says, on the Sitemap Manager and in the logs. */

export const NOT_CONFIGURED = 'not notified: IndexNow is not configured (set INDEXNOW_KEY to enable it)';

export const NOTHING_TO_SEND = 'nothing changed since the last notification, so no request was sent';

/** "3 changed addresses" */
export const changedAddresses = (n: number) => `${n} changed address${n === 1 ? '' : 'es'}`;
