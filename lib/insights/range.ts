/** A calendar day, 'YYYY-MM-DD' (UTC). */
export type Day = string;

export type Range = { from: Day; to: Day };

/** The ranges the Insights screen offers, in days; anything else in `?days=` falls back to the first. */
export const RANGE_DAYS = [30, 90, 365] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

export function parseRangeDays(value: string | string[] | null | undefined): RangeDays {
  const days = Number(Array.isArray(value) ? value[0] : value);
  return (RANGE_DAYS as readonly number[]).includes(days) ? (days as RangeDays) : RANGE_DAYS[0];
}

/** The UTC day of a moment, as the store keeps days. */
export function dayOf(time: number | Date): Day {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: Day, n: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return dayOf(date);
}

/** The last `days` days, today (UTC) included. */
export function rangeEnding(today: Day, days: number): Range {
  return { from: addDays(today, -(days - 1)), to: today };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '3 Mar 2026': days are UTC dates, so they are read in UTC whatever the server's zone. */
export function formatDay(day: Day): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
