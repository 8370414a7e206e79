import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BarCell } from './bar';

export const TOP_REFERRERS = 10;

/** The sites visitors came from, most first, as a table whose visits column draws the bars. */
export function ReferrersTable({ rows }: { rows: { host: string; visits: number }[] }) {
  const shown = rows.slice(0, TOP_REFERRERS);
  const max = Math.max(0, ...shown.map((row) => row.visits));
  return (
    <Table>
      <caption className="sr-only">Top referring sites</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Site</TableHead>
          <TableHead className="w-1/2">Visits</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {shown.map((row) => (
          <TableRow key={row.host}>
            {/* Another site's host, shown as text: a link out would take the owner to pages nobody checked. */}
            <TableCell className="min-w-32 [overflow-wrap:anywhere]">{row.host}</TableCell>
            <TableCell>
              <BarCell value={row.visits} max={max} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
