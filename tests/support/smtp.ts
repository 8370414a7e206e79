import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { raw: string; parsed: ParsedMail; envelopeTo: string[] };

/**
 * A real SMTP server on a free port: every mail it accepts, raw and parsed; `refuse` makes it
 * answer 451. `onMail` is told of each one as it is accepted (a browser suite's server writes
 * them where its specs read them). `hold` keeps the next mail's data unanswered (the sender waits
 * for the server's 250) until `release()`; `holding()` resolves once one is held, so a test can
 * kill the sender mid-send: a held mail whose sender went away is never accepted.
 */
export async function startSmtp({ onMail }: { onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  const state = { refuse: false, hold: false, /** Held mails dropped because their sender went away. */ dropped: 0 };
  const closedSessions = new Set<string>();
  let held: { resolve: () => void; sessionId: string } | null = null;
  const waiters: (() => void)[] = [];
  const holding = () => new Promise<void>((resolve) => (held ? resolve() : waiters.push(resolve)));
  const release = () => {
    state.hold = false;
    held?.resolve();
  };
  /** Waits while holding is asked for; false when the sender went away meanwhile. */
  async function holdWhileAsked(sessionId: string): Promise<boolean> {
    if (!state.hold) return true;
    await new Promise<void>((resolve) => {
      held = { resolve, sessionId };
      for (const waiter of waiters.splice(0)) waiter();
    });
    held = null;
    if (!closedSessions.has(sessionId)) return true;
    state.dropped += 1;
    return false;
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
      if (held?.sessionId === session.id) held.resolve();
    },
    onRcptTo(_address, _session, callback) {
      callback(state.refuse ? Object.assign(new Error('Try again later'), { responseCode: 451 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (!(await holdWhileAsked(session.id))) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          raw,
          parsed: await simpleParser(raw),
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    holding,
    release,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpDouble = Awaited<ReturnType<typeof startSmtp>>;

/** A header of a raw email as sent, its folded lines joined. */
export const rawHeader = (raw: string, name: string) =>
  raw
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1];
