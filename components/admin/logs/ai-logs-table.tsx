import Link from 'next/link';
import { logTime } from '@/components/admin/logs/format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AiRetrofitLog } from '@/lib/ai/retrofit-queries';

/**
 * Timestamp, Artwork (its title, or 'ID: {id}' when the artwork is gone), Function, Error
 * Message. A deleted artwork's rows keep no id (the column is set null on delete), so they say so.
 */
export function AiLogsTable({ logs }: { logs: AiRetrofitLog[] }) {
  if (logs.length === 0) {
    return (
      <p className="rounded-card border border-line bg-white p-8 text-center text-ink-soft">
        No logs found. It&apos;s all clear!
      </p>
    );
  }
  return (
    // The scroller is focusable, so a keyboard can scroll it when a phone is too narrow.
    <Table scrollLabel="AI retrofit errors" className="table-fixed [overflow-wrap:anywhere]">
      <TableHeader>
        <TableRow>
          <TableHead className="w-[26%]">Timestamp</TableHead>
          <TableHead className="w-[24%]">Artwork</TableHead>
          <TableHead className="w-[20%]">Function</TableHead>
          <TableHead>Error Message</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {logs.map((log) => (
          <TableRow key={log.id}>
            <TableCell className="align-top">
              <time dateTime={log.createdAt.toISOString()}>{logTime(log.createdAt)}</time>
            </TableCell>
            <TableCell className="align-top">
              {log.title && log.artworkId ? (
                <Link href={`/admin/artworks/edit/${log.artworkId}`} className="underline-offset-4 hover:underline">
                  {log.title}
                </Link>
              ) : log.artworkId ? (
                `ID: ${log.artworkId}`
              ) : log.functionName === 'generate-story-details' ? (
                // A story's row: no artwork, and the message names the story.
                <span className="text-ink-soft">A story</span>
              ) : (
                <span className="text-ink-soft">ID: deleted artwork</span>
              )}
            </TableCell>
            <TableCell className="align-top font-mono text-sm">{log.functionName}</TableCell>
            <TableCell className="align-top">{log.errorMessage}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
