import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { raw: string; parsed: ParsedMail; envelopeTo: string[] };

/**
 * A real SMTP server on a free port: every mail it accepts, raw and parsed; `refuse` makes it
 * answer 451. `onMail` is told of each one as it is accepted (a browser suite's server writes
 * them where its specs read them).
 */
export async function startSmtp({ onMail }: { onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(state.refuse ? Object.assign(new Error('Try again later'), { responseCode: 451 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
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
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpDouble = Awaited<ReturnType<typeof startSmtp>>;
