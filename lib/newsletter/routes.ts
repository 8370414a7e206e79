import type { Database } from '@/lib/db/port';
import { readCapped } from '@/lib/http/read-capped';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { logger } from '@/lib/log/logger';
import { deliverSoon } from '@/lib/mail/outbox';
import type { MailSettings } from '@/lib/mail';
import { confirmPath, unsubscribePath } from './links';
import { subscriberMail } from './subscriber-mail';
import { confirmSubscription, tokenSchema, unsubscribe } from './subscriptions';

/**
 * The newsletter's two route handlers (docs/product.md, Newsletter): the confirmation page's
 * button, and unsubscribing, both by the page's button and by a mailbox's one-click POST
 * (RFC 8058). Neither ever acts on a GET: mail scanners open every link in an email.
 */

export type NewsletterRouteDeps = {
  database: () => Promise<Database>;
  /** Work to run once the answer is sent (Next's after()): the welcome email. */
  afterResponse?: (work: () => Promise<unknown>) => void;
  /** How email is sent; null when it is not set up. */
  mail?: MailSettings | null;
  now?: () => Date;
};

const NO_STORE = { 'Cache-Control': 'no-store' };
/** A one-click body is 26 bytes and the page's forms a few dozen: anything far past this is not theirs. */
const BODY_CAP = 8 * 1024;

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { ...NO_STORE, Location: location } });
const text = (status: number, body: string) =>
  new Response(body, { status, headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });

/** While the database is away: nothing was changed, and the same press works later. */
const NOT_NOW = 'The site cannot reach its database just now, so nothing was changed. Please try again in a minute.';
const unstored = (error: unknown) => {
  logger.error({ feature: 'newsletter', err: error }, 'newsletter request not stored');
  return null;
};

/** The posted form's fields (urlencoded or multipart), empty when unreadable. */
async function readForm(request: Request): Promise<URLSearchParams> {
  const body = await readCapped(request.body, BODY_CAP, { idleMs: 10_000, totalMs: 30_000 });
  if (!body.ok) return new URLSearchParams();
  const type = request.headers.get('content-type') ?? '';
  try {
    if (!type.startsWith('multipart/form-data')) return new URLSearchParams(new TextDecoder().decode(body.body));
    const form = await new Response(body.body, { headers: { 'content-type': type } }).formData();
    const fields = new URLSearchParams();
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields.append(name, value);
    return fields;
  } catch {
    return new URLSearchParams();
  }
}

/**
 * POST /api/newsletter/confirm: the confirmation page's button, a form post from the site's own
 * page (a cross-site post is refused: no other site may subscribe a visitor). Whatever the
 * outcome, back to the page (303), which shows it; a new subscriber's welcome email goes after.
 */
export async function handleConfirm(request: Request, deps: NewsletterRouteDeps): Promise<Response> {
  if (!isSameOriginRequest(request)) return text(403, 'Cross-site request refused.');
  const token = tokenSchema.safeParse((await readForm(request)).get('token'));
  if (!token.success) return seeOther('/newsletter/confirm');
  const db = await deps.database().catch(unstored);
  const result = db && (await confirmSubscription(db, token.data, deps.now?.() ?? new Date()).catch(unstored));
  if (!db || !result) return text(503, NOT_NOW);
  logger.info({ feature: 'newsletter', result }, 'newsletter confirmation');
  const { mail } = deps;
  if (result === 'confirmed' && mail) deps.afterResponse?.(() => deliverSoon(db, subscriberMail, mail));
  return seeOther(confirmPath(token.data));
}

/** RFC 8058's body: what a mailbox provider POSTs when its reader presses "Unsubscribe". */
const isOneClick = (form: URLSearchParams) => form.get('List-Unsubscribe') === 'One-Click';

/**
 * POST /api/newsletter/unsubscribe?token=: the address in every letter's List-Unsubscribe
 * header and the unsubscribe page's button. A mailbox provider posts `List-Unsubscribe=One-Click`
 * from its own servers, cross-site and without cookies: the token alone is the authority, so no
 * same-origin check, and the answer is a plain 200 at once. The page's own post goes back to the
 * page (303), which says it is done. An unknown token is a 404.
 */
export async function handleUnsubscribe(request: Request, deps: NewsletterRouteDeps): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const form = await readForm(request);
  const db = await deps.database().catch(unstored);
  const result = db && (await unsubscribe(db, token, deps.now?.() ?? new Date()).catch(unstored));
  if (!result) return text(503, NOT_NOW);
  if (result === 'unknown') return text(404, 'This unsubscribe link is not valid. No address was changed.');
  logger.info({ feature: 'newsletter', result, oneClick: isOneClick(form) }, 'newsletter unsubscribe');
  if (isOneClick(form)) return text(200, 'You’re unsubscribed. You won’t receive more letters.');
  return seeOther(`${unsubscribePath(token)}&done=1`);
}

/** GET on the unsubscribe address (someone pasted it into a browser, or a scanner followed it): the page, which asks first. */
export function unsubscribeGet(request: Request): Response {
  const token = tokenSchema.safeParse(new URL(request.url).searchParams.get('token'));
  return seeOther(token.success ? unsubscribePath(token.data) : '/newsletter/unsubscribe');
}
