// The artist works in London: log times read as her clock does, the same on server and browser.
const short = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' });
const long = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'long', timeZone: 'Europe/London' });

/** '23/11/2026, 11:45:02' in the table. */
export function logTime(ts: Date): string {
  return short.format(ts);
}

/** '23 November 2026 at 11:45:02 GMT' in the details dialog. */
export function logTimeLong(ts: Date): string {
  return long.format(ts);
}
