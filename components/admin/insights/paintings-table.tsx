import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { PaintingRow } from '@/lib/insights/screen';
import { BarCell } from './bar';

/** Top paintings by one count, as a table whose count column draws the bars. */
export function PaintingsTable({
  rows,
  measure,
  caption,
}: {
  rows: PaintingRow[];
  measure: 'views' | 'enquiries';
  caption: string;
}) {
  const max = Math.max(0, ...rows.map((row) => row[measure]));
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Painting</TableHead>
          <TableHead className="w-1/2">{measure === 'views' ? 'Views' : 'Enquiries'}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.artworkId}>
            <TableCell className="min-w-32">
              <PaintingName row={row} />
            </TableCell>
            <TableCell>
              <BarCell value={row[measure]} max={max} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PaintingName({ row }: { row: PaintingRow }) {
  if (row.title === null) return <span className="text-ink-soft italic">Deleted painting</span>;
  return (
    <span className="flex flex-col gap-0.5">
      {row.publicPath ? (
        <Link
          href={row.publicPath}
          prefetch={false}
          className="font-medium text-ink underline underline-offset-4 hover:text-wash-deep"
        >
          {row.title}
        </Link>
      ) : (
        <span className="font-medium">
          {row.title} <span className="text-sm font-normal text-ink-soft">(not on the site)</span>
        </span>
      )}
      {row.editPath ? (
        <Link
          href={row.editPath}
          prefetch={false}
          className="inline-flex min-h-6 items-center text-sm text-wash-deep underline underline-offset-4"
        >
          Edit<span className="sr-only"> {row.title}</span>
        </Link>
      ) : null}
    </span>
  );
}
