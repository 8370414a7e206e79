import type { Range } from './store';
import { RATING_LABEL, SHOWN_VITALS, type InsightsScreen, vitalNumber } from './screen';

/** The sections the Insights screen offers as CSV files. */
export const CSV_SECTIONS = ['daily', 'artworks', 'referrers', 'devices', 'vitals'] as const;
export type CsvSection = (typeof CSV_SECTIONS)[number];

export function isCsvSection(value: string | null): value is CsvSection {
  return (CSV_SECTIONS as readonly (string | null)[]).includes(value);
}

/**
 * One CSV field (RFC 4180), always quoted, its quotes doubled: a quoted field is one field
 * whatever separator a spreadsheet's locale uses (a semicolon, a tab), so nothing in it starts a
 * cell of its own. Text that a spreadsheet would run as a formula gets a single quote before it:
 * at the start, and after anything a locale might take for a separator (, ; | tab, a line break)
 * should a program split the field there anyway; a formula starts with = + - @, or a tab or
 * carriage return before one. A referring host or a title is someone else's text. Numbers are
 * written as they are, negative ones included.
 */
export function csvField(value: string | number): string {
  const text =
    typeof value === 'number'
      ? String(value)
      : value.replace(/[=+\-@\t\r]/g, (char, at: number) =>
          at === 0 || /[,;|\t\r\n]/.test(value[at - 1]!) ? `'${char}` : char,
        );
  return `"${text.replaceAll('"', '""')}"`;
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
        ...screen.paintings.map((row) => [
          row.artworkId,
          row.title ?? 'Deleted painting',
          row.views,
          row.enquiries,
          row.shares,
        ]),
      ]);
    case 'referrers':
      return toCsv([['site', 'visits'], ...screen.referrers.map(({ host, visits }) => [host, visits])]);
    case 'devices':
      return toCsv([
        ['device', 'visits', 'percent'],
        ...screen.devices.map(({ device, visits, percent }) => [device, visits, percent]),
      ]);
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
