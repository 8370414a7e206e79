import { z } from 'zod';
import type { Folder } from './inbox';

/** What /admin/messages shows: a folder (optionally one painting's enquiries, a page of it) or the subscribers. */
export type MessagesView = { view: Folder | 'subscribers'; painting: string | null; page: number };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Anything unknown falls back to the inbox's first page: an old or mistyped link still opens the inbox. */
export function parseMessagesView(params: Record<string, string | string[] | undefined>): MessagesView {
  const view = z.enum(['inbox', 'archive', 'spam', 'subscribers']).catch('inbox').parse(first(params.view));
  const painting = z
    .uuid()
    .nullable()
    .catch(null)
    .parse(first(params.painting) ?? null);
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(first(params.page) ?? 1);
  return { view, painting: view === 'subscribers' ? null : painting, page };
}

/** The address of a view, with only what differs from the inbox's first page. */
export function messagesHref({ view, painting, page }: Partial<MessagesView>): string {
  const query = new URLSearchParams();
  if (view && view !== 'inbox') query.set('view', view);
  if (painting) query.set('painting', painting);
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/admin/messages?${text}` : '/admin/messages';
}
