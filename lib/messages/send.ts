import 'server-only';
import type { Database } from '@/lib/db/port';
import { isDatabaseUnreachable } from '@/lib/db/health';
import { readCapped } from '@/lib/http/read-capped';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { logger } from '@/lib/log/logger';
import { mailSettings, type MailSettings } from '@/lib/mail';
import { senderKey as keyOfSender, verifyFormToken } from './form-token';
import {
  CONTACT_FORM_INACTIVE,
  FOOTER_FORM_INACTIVE,
  MESSAGE_NOT_SENT,
  MESSAGE_SENT,
  TOO_MANY_MESSAGES,
  type Notice,
  type SendAnswer,
} from './notices';
import { deliverSoon } from '@/lib/mail/outbox';
import { messageLetters } from './mail';
import { subscriberMail } from '@/lib/newsletter';
import { receiveMessage } from './receive';
import { FORM_TOKEN_FIELD } from './fields';
import { visitorMessageSchema } from './rules';
import { readReceiveMessages } from './settings';
import { renderNotSentPage } from './not-sent-page';

/** Far above any message the limits allow (5,000 characters, a few fields), far below harm. */
const BODY_CAP = 64 * 1024;
const NO_STORE = { 'Cache-Control': 'no-store' };

export type SendDeps = {
  database: () => Promise<Database>;
  /** The sender's network address (lib/auth/client-info.ts). */
  address: () => Promise<string>;
  /** Work to run once the answer is sent (Next's after()): the owner's email, a subscriber's confirmation. */
  afterResponse?: (work: () => Promise<unknown>) => void;
  /** How the owner is emailed; default from the environment (SMTP_URL, MAIL_FROM), null for not at all. */
  mail?: MailSettings | null;
  now?: () => number;
};

type Outcome = { status: number; answer: SendAnswer; message?: Partial<Record<string, string>> };

/**
 * POST /api/messages (docs/product.md, Message forms): a visitor's message from the contact or the
 * footer form. With scripts, the form sends it with `Accept: application/json` and shows the notice
 * it gets back; without (or before the page is ready) it is a plain form post: a sent message leads
 * to /contact/sent, a refused one to a page that says why and holds every word, ready to send
 * again.
 */
export async function handleSend(request: Request, deps: SendDeps): Promise<Response> {
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const outcome = await decide(request, deps);
  if (wantsJson) return Response.json(outcome.answer, { status: outcome.status, headers: NO_STORE });
  if (outcome.answer.ok)
    return new Response(null, { status: 303, headers: { ...NO_STORE, Location: '/contact/sent' } });
  return new Response(renderNotSentPage(outcome.answer.notice, outcome.message ?? {}), {
    status: outcome.status,
    headers: { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

async function decide(request: Request, deps: SendDeps): Promise<Outcome> {
  if (!isSameOriginRequest(request)) return refused(403, MESSAGE_NOT_SENT);
  const fields = await readFields(request);
  if (!fields)
    return refused(413, { title: 'Message Too Long', description: 'Please shorten your message and send it again.' });
  const parsed = visitorMessageSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
    const title =
      field === 'email'
        ? 'Invalid Email Address'
        : issue?.code === 'too_big'
          ? 'Message Too Long'
          : 'Missing Information';
    return {
      ...refused(400, { title, description: issue?.message ?? 'Please check the form.' }, field),
      message: fields,
    };
  }
  const message = parsed.data;
  const now = deps.now?.() ?? Date.now();
  try {
    const db = await deps.database();
    if (!(await readReceiveMessages(db))) {
      return {
        ...refused(409, message.form === 'footer' ? FOOTER_FORM_INACTIVE : CONTACT_FORM_INACTIVE),
        message: fields,
      };
    }
    const token = message[FORM_TOKEN_FIELD];
    const shownAt = token ? verifyFormToken(token, now) : undefined;
    const mail = deps.mail === undefined ? mailSettings() : deps.mail;
    const received = await receiveMessage(db, message, {
      senderKey: keyOfSender(await deps.address()),
      shownAt,
      now: new Date(now),
      notify: mail !== null,
    });
    if (!received.ok) {
      logger.info({ feature: 'messages', form: message.form }, 'message refused: too many from one address');
      return { ...refused(429, TOO_MANY_MESSAGES), message: fields };
    }
    logger.info(
      {
        feature: 'messages',
        form: message.form,
        id: received.id,
        spam: received.spam,
        artwork: Boolean(message.artwork),
        subscription: received.subscription,
      },
      'message received',
    );
    if (received.queued && mail) deps.afterResponse?.(() => deliverSoon(db, messageLetters, mail));
    // The subscriber's confirmation, queued with the message: on its way as soon as the answer is.
    if (received.subscription === 'confirmation-queued' && mail)
      deps.afterResponse?.(() => deliverSoon(db, subscriberMail, mail));
    // A suspect sender is told the same as anyone: nothing to learn from the answer.
    return { status: 200, answer: { ok: true, notice: MESSAGE_SENT } };
  } catch (error) {
    logger.error(
      {
        feature: 'messages',
        err: isDatabaseUnreachable(error) ? undefined : error,
        unreachable: isDatabaseUnreachable(error),
      },
      'message not stored',
    );
    return { ...refused(503, MESSAGE_NOT_SENT), message: fields };
  }
}

function refused(status: number, notice: Notice, field?: string): Outcome {
  return { status, answer: { ok: false, notice, ...(field ? { field } : {}) } };
}

/** The posted fields as strings (urlencoded or multipart), or null past the cap. */
async function readFields(request: Request): Promise<Record<string, string> | null> {
  const body = await readCapped(request.body, BODY_CAP, { idleMs: 10_000, totalMs: 30_000 });
  if (!body.ok) return null;
  const type = request.headers.get('content-type') ?? '';
  let form: FormData | URLSearchParams;
  try {
    form = type.startsWith('multipart/form-data')
      ? await new Response(body.body, { headers: { 'content-type': type } }).formData()
      : new URLSearchParams(new TextDecoder().decode(body.body));
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  return fields;
}
