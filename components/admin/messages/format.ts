// The artist works in London: times read as her clock does, the same on server and browser.
const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** '25 Nov 2026, 14:03'. */
export function messageTime(at: Date): string {
  return time.format(at);
}
