import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  formatCount,
  formatVitalValue,
  RATING_LABEL,
  SHOWN_VITALS,
  type ShownVital,
  type VitalCell,
  type VitalsRow,
} from '@/lib/insights/screen';
import type { Rating } from '@/lib/insights/vitals';

const NAME: Record<ShownVital, string> = {
  LCP: 'Largest paint (LCP)',
  INP: 'Response to input (INP)',
  CLS: 'Layout shift (CLS)',
};
// Dark text on a light tint, each pair AA; the rating is also written out, never colour alone.
const TINT: Record<Rating, string> = {
  good: 'bg-green-100 text-green-900 border-green-300',
  'needs-improvement': 'bg-amber-100 text-amber-900 border-amber-300',
  poor: 'bg-red-100 text-red-900 border-red-300',
};

/** p75 of LCP, INP and CLS per page, each rated by Google's thresholds, with its samples. */
export function VitalsTable({ rows }: { rows: VitalsRow[] }) {
  return (
    <Table scrollLabel="Real-user speed per page">
      <caption className="sr-only">Real-user speed: the 75th percentile per page</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Page</TableHead>
          {SHOWN_VITALS.map((vital) => (
            <TableHead key={vital}>{NAME[vital]}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.path}>
            <TableCell className="min-w-36 [overflow-wrap:anywhere]">{row.label}</TableCell>
            {SHOWN_VITALS.map((vital) => (
              <TableCell key={vital} className="whitespace-nowrap">
                <VitalValue cell={row.cells[vital]} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function VitalValue({ cell }: { cell: VitalCell | undefined }) {
  if (!cell) return <span className="text-ink-soft">No samples</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex items-center gap-2">
        <span className="font-medium tabular-nums">{formatVitalValue(cell)}</span>
        <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${TINT[cell.rating]}`}>
          {RATING_LABEL[cell.rating]}
        </span>
      </span>
      <span className="text-xs text-ink-soft">
        {formatCount(cell.samples)} {cell.samples === 1 ? 'sample' : 'samples'}
      </span>
    </span>
  );
}
