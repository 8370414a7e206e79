import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { StoryListItem } from '@/lib/stories/queries';
import { storyStatusLabel, type StoryStatusLabel } from '@/lib/stories/fields';

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
const dayAndTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

const badge: Record<StoryStatusLabel, string> = {
  Draft: 'bg-line text-ink',
  Scheduled: 'bg-paper-deep text-clay',
  Published: 'bg-wash-light text-wash-deep',
};

/** /admin/blog/manage: every story, newest first, with its status, date and category. */
export function StoriesTable({ stories, search }: { stories: StoryListItem[]; search: string }) {
  if (stories.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-16 text-center">
        <p className="text-lg text-ink">{search ? `No stories match “${search}”.` : 'No stories yet.'}</p>
        <Link
          href="/admin/blog/new"
          className="mt-2 inline-block text-wash underline underline-offset-4 hover:text-wash-deep"
        >
          Write a new story
        </Link>
      </div>
    );
  }
  const now = new Date();
  return (
    <Table>
      <caption className="sr-only">Stories, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Story</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Category</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stories.map((story) => {
          const status = storyStatusLabel(story, now);
          const date = status === 'Draft' ? story.updatedAt : (story.publishedAt ?? story.updatedAt);
          return (
            <TableRow key={story.id}>
              <TableCell className="min-w-64">
                <Link
                  href={`/admin/blog/edit/${story.id}`}
                  className="font-medium text-ink underline-offset-4 hover:text-wash-deep hover:underline"
                >
                  {story.title}
                </Link>
                <span className="block text-sm text-ink-soft">/blog/{story.slug}</span>
              </TableCell>
              <TableCell>
                <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[status]}`}>
                  {status}
                </span>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {status === 'Draft' ? <span className="sr-only">Last edited </span> : null}
                <time dateTime={date.toISOString()}>
                  {status === 'Scheduled' ? dayAndTime.format(date) : day.format(date)}
                </time>
              </TableCell>
              <TableCell className="whitespace-nowrap">{story.category}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
