/**
 * The artist's clock: a letter is scheduled by a date and time in London (docs/product.md,
 * Newsletter), whatever zone the browser or the server is in. Intl knows London's summer time;
 * the site has no time-zone library, and these few lines need none. Safe in the browser.
 */
const ZONE = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** London's wall clock at `date` as [year, month, day, hour, minute, second]. */
function wallClock(date: Date): number[] {
  const byType = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) => Number(byType[type]));
}

/** How far London is ahead of UTC at `date`, in ms (0 in winter, an hour in summer). */
function londonOffsetMs(date: Date): number {
  const [year, month, day, hour, minute, second] = wallClock(date) as [number, number, number, number, number, number];
  const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
  return Date.UTC(year, month - 1, day, hour, minute, second) - wholeSeconds;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local field's text ('2026-12-01T09:30'), read as London time; null when it is not
 * a real date and time. An hour the clocks skip in March is read as the hour after.
 */
export function fromLondonLocal(text: string): Date | null {
  const match = LOCAL.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((n) => Number(n ?? 0)) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59) return null;
  // The offset at the guess, then at the answer: right on both sides of a change of the clocks.
  const guess = wall - londonOffsetMs(new Date(wall));
  return new Date(wall - londonOffsetMs(new Date(guess)));
}

/** A time as a datetime-local field's text in London ('2026-12-01T09:30'). */
export function toLondonLocal(date: Date): string {
  const [year, month, day, hour, minute] = wallClock(date).map((n) => String(n).padStart(2, '0'));
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

const spoken = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: ZONE });
const dayOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: ZONE });
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: ZONE });

/** '1 December 2026 at 09:30', London time. */
export const londonDateTime = (date: Date) => spoken.format(date);
/** '1 December 2026', London's day. */
export const londonDay = (date: Date) => dayOnly.format(date);
/** 'December 2026', London's month. */
export const londonMonth = (date: Date) => monthYear.format(date);
