import type { Range } from './store';
import { RATING_LABEL, SHOWN_VITALS, type InsightsScreen, vitalNumber } from './screen';

/** The sections the Insights screen offers as CSV files. */
export const CSV_SECTIONS = ['daily', 'artworks', 'referrers', 'devices', 'vitals'] as const;
export type CsvSection = (typeof CSV_SECTIONS)[number];

export function isCsvSection(value: string | null): value is CsvSection {
  return (CSV_SECTIONS as readonly (string | null)[]).includes(value);
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text that a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return before one) gets a leading single quote first: a referring host or a title is someone
 * else's text. Numbers are written as they are, negative ones included.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, CRLF line ends as RFC 4180 has them. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function csvFileName(section: CsvSection, { from, to }: Range): string {
  return `insights-${section}-${from}-to-${to}.csv`;
}

/** A section's rows, with the numbers the screen shows (every painting, where the page shows the top ten). */
export function insightsCsv(section: CsvSection, screen: InsightsScreen): string {
  switch (section) {
    case 'daily':
      return toCsv([['day', 'views'], ...screen.daily.map(({ day, views }) => [day, views])]);
    case 'artworks':
      return toCsv([
        ['artwork_id', 'title', 'views', 'enquiries', 'shares'],
        ...screen.paintings.map((row) => [row.artworkId, row.title ?? 'Deleted painting', row.views, row.enquiries, row.shares]),
      ]);
    case 'referrers':
      return toCsv([['site', 'visits'], ...screen.referrers.map(({ host, visits }) => [host, visits])]);
    case 'devices':
      return toCsv([['device', 'visits', 'percent'], ...screen.devices.map(({ device, visits, percent }) => [device, visits, percent])]);
    case 'vitals':
      return toCsv([
        ['page', 'metric', 'p75', 'unit', 'rating', 'samples'],
        ...screen.vitals.flatMap(({ path, cells }) =>
          SHOWN_VITALS.flatMap((vital) => {
            const cell = cells[vital];
            return cell ? [[path, vital, vitalNumber(cell), cell.unit, RATING_LABEL[cell.rating], cell.samples]] : [];
          }),
        ),
      ]);
  }
}
