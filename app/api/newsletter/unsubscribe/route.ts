import { database } from '@/lib/database';
import { mailSettings } from '@/lib/mail';
import { handleUnsubscribe, unsubscribeGet } from '@/lib/newsletter/routes';

/**
 * Unsubscribing (lib/newsletter/routes.ts): RFC 8058's one-click POST from a mailbox provider,
 * or the unsubscribe page's button. A GET never unsubscribes: it leads to the page, which asks.
 */
export async function POST(request: Request): Promise<Response> {
  return handleUnsubscribe(request, { database, mail: mailSettings() });
}

export function GET(request: Request): Response {
  return unsubscribeGet(request);
}
