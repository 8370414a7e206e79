import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { LetterOverviewRow } from '@/lib/newsletter/admin-read';
import type { LetterStatus } from '@/lib/newsletter/letter-fields';
import { letterStatusText } from '@/lib/newsletter/letter-status';
import { letterPath } from '@/lib/newsletter/links';

const badge: Record<LetterStatus, string> = {
  draft: 'bg-line text-ink',
  scheduled: 'bg-paper-deep text-clay',
  sending: 'bg-wash text-white',
  sent: 'bg-wash-light text-wash-deep',
};

/** /admin/newsletter's letters, newest first: each with its state and what can be done with it. */
export function LettersTable({ letters }: { letters: LetterOverviewRow[] }) {
  if (letters.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-16 text-center">
        <p className="text-lg text-ink">No letters yet.</p>
        <p className="mt-1 text-ink-soft">Write one from scratch, or start from what is new since the last one.</p>
      </div>
    );
  }
  return (
    <Table>
      <caption className="sr-only">Letters, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Letter</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {letters.map((letter) => (
          <TableRow key={letter.id}>
            <TableCell className="min-w-64">
              <Link
                href={`/admin/newsletter/${letter.id}`}
                className="font-medium text-ink underline-offset-4 hover:text-wash-deep hover:underline"
              >
                {letter.title}
              </Link>
            </TableCell>
            <TableCell>
              <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[letter.status]}`}>
                {letterStatusText(letter, letter.progress)}
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap text-right">
              <Link
                href={`/admin/newsletter/${letter.id}`}
                className="text-wash underline underline-offset-4 hover:text-wash-deep"
              >
                {letter.status === 'draft' || letter.status === 'scheduled' ? 'Edit' : 'Open'}
                <span className="sr-only"> “{letter.title}”</span>
              </Link>
              {letter.status === 'sent' ? (
                <a
                  href={letterPath(letter.slug)}
                  target="_blank"
                  rel="noopener"
                  className="ml-4 text-wash underline underline-offset-4 hover:text-wash-deep"
                >
                  View on site<span className="sr-only"> “{letter.title}” (opens in a new tab)</span>
                </a>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
