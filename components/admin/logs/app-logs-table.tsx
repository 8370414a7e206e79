import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AppLogRow } from '@/lib/log-viewer/queries';
import { logTime } from './format';
import { LevelBadge } from './level-badge';
import { LogDetailsButton, LogDetailsProvider, LogRow } from './log-details';

/**
 * Timestamp, Level, Feature, Message (truncated) and Details (docs/product.md, Application Logs); a
 * click on a row opens its details. On a phone the timestamp and feature sit under the message, so
 * nothing scrolls sideways.
 */
export function AppLogsTable({ rows }: { rows: AppLogRow[] }) {
  return (
    <LogDetailsProvider rows={rows}>
      <Table className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="hidden w-44 sm:table-cell">Timestamp</TableHead>
            <TableHead className="w-20 sm:w-24">Level</TableHead>
            <TableHead className="hidden w-40 sm:table-cell">Feature</TableHead>
            <TableHead>Message</TableHead>
            <TableHead className="w-20">Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const time = logTime(row.ts);
            return (
              <LogRow key={row.id} id={row.id}>
                <TableCell className="hidden whitespace-nowrap text-ink-soft tabular-nums sm:table-cell">
                  <time dateTime={row.ts.toISOString()}>{time}</time>
                </TableCell>
                <TableCell>
                  <LevelBadge level={row.level} />
                </TableCell>
                <TableCell className="hidden truncate sm:table-cell">{row.feature ?? '—'}</TableCell>
                <TableCell>
                  <span className="block truncate" title={row.message.slice(0, 500)}>
                    {row.message.slice(0, 300)}
                  </span>
                  <span className="block truncate text-xs text-ink-soft sm:hidden">
                    {time}
                    {row.feature ? ` · ${row.feature}` : ''}
                  </span>
                </TableCell>
                <TableCell>
                  <LogDetailsButton id={row.id} label={`View details: ${row.level} at ${time}`} />
                </TableCell>
              </LogRow>
            );
          })}
        </TableBody>
      </Table>
    </LogDetailsProvider>
  );
}
