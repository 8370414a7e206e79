import Link from 'next/link';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { bulkMessages } from '@/lib/bulk-upload/messages';
import type { SavedArtwork } from '@/lib/bulk-upload/queue';

/** After a run: `Bulk Upload Complete (…)`, a link to the whole gallery, and what was added. */
export function RunSummary({ done, total, saved }: { done: number; total: number; saved: SavedArtwork[] }) {
  const failed = total - done;
  return (
    <div
      role="status"
      className={`rounded-card border p-4 ${failed > 0 ? 'border-clay/40 bg-[#fbf1ec]' : 'border-wash/40 bg-wash-light/60'}`}
    >
      <p className="flex items-start gap-2 font-medium text-ink">
        {failed > 0 ? (
          <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-clay" />
        ) : (
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-wash" />
        )}
        {bulkMessages.complete(done, total)}
      </p>
      {failed > 0 ? (
        <p className="mt-1 text-sm text-ink">
          {failed === 1
            ? 'The failed image stays in the queue below'
            : `The ${failed} failed images stay in the queue below`}
          : retry when you are ready.
        </p>
      ) : null}
      {saved.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label="Uploaded artworks">
          {saved.map((artwork) => (
            <li key={artwork.path}>
              <Link href={artwork.path} className="text-wash underline underline-offset-4 hover:text-wash-deep">
                {artwork.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        href="/gallery/all"
        className="mt-2 inline-flex min-h-11 items-center font-medium text-wash underline underline-offset-4 hover:text-wash-deep"
      >
        View all artworks in the gallery
      </Link>
    </div>
  );
}
