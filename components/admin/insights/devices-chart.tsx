import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '@/lib/insights/screen';
import type { Device } from '@/lib/insights/store';
import { stackSegments } from './chart-scale';

const LABEL: Record<Device, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' };
// Three tones of the site's wash, told apart by the table and legend too, never by colour alone.
const TONE: Record<Device, string> = { phone: 'fill-wash-deep', tablet: 'fill-clay', desktop: 'fill-wash-light' };
const SWATCH: Record<Device, string> = {
  phone: 'bg-wash-deep',
  tablet: 'bg-clay',
  desktop: 'bg-wash-light border border-wash/40',
};

/** Phone, tablet and desktop visits as one stacked bar, with the numbers in a table beside it. */
export function DevicesChart({ rows }: { rows: { device: Device; visits: number; percent: number }[] }) {
  const segments = stackSegments(rows.map((row) => row.visits));
  const summary = rows.map((row) => `${LABEL[row.device]} ${row.percent}%`).join(', ');
  return (
    <figure className="flex flex-col gap-4">
      <svg
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Visits by device: ${summary}`}
        className="h-8 w-full rounded-md"
      >
        {rows.map((row, i) => (
          <rect
            key={row.device}
            x={segments[i]!.x}
            width={segments[i]!.length}
            height={8}
            className={TONE[row.device]}
          />
        ))}
      </svg>
      <Table>
        <caption className="sr-only">Visits by device</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Device</TableHead>
            <TableHead className="text-right">Visits</TableHead>
            <TableHead className="text-right">Share</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.device}>
              <TableCell>
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden className={`inline-block size-3 rounded-sm ${SWATCH[row.device]}`} />
                  {LABEL[row.device]}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(row.visits)}</TableCell>
              <TableCell className="text-right tabular-nums">{row.percent}%</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </figure>
  );
}
