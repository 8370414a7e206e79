import { describe, expect, it } from 'vitest';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { startSmtp } from './smtp';

const mail = (n: number) => ({ from: 'a@example.com', to: `b${n}@example.com`, subject: `m${n}`, text: 'x' });

describe('the suite’s SMTP server', () => {
  it('holds a mail unanswered on request, and never accepts one whose sender went away', async () => {
    const smtp = await startSmtp();
    try {
      await nodemailer.createTransport(smtp.url).sendMail(mail(1));
      smtp.state.hold = true;
      // A sender that dies mid-send: it hands over a whole mail, then its connection closes before the server answered.
      const socket = net.connect(Number(new URL(smtp.url).port), '127.0.0.1');
      socket.setEncoding('utf8');
      const script = [
        'EHLO x',
        'MAIL FROM:<a@example.com>',
        'RCPT TO:<b2@example.com>',
        'DATA',
        'Subject: m2\r\n\r\nx\r\n.',
      ];
      let step = 0;
      socket.on('data', (reply: string) => {
        if (/^(220|250 |354)/m.test(reply) && step < script.length) socket.write(`${script[step++]}\r\n`);
      });
      await smtp.holding();
      expect(smtp.received).toHaveLength(1);
      socket.destroy();
      await expect.poll(() => smtp.state.dropped).toBe(1);
      smtp.release();
      await nodemailer.createTransport(smtp.url).sendMail(mail(3));
      expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['m1', 'm3']);
    } finally {
      await smtp.close();
    }
  });

  it('accepts a held mail once released', async () => {
    const smtp = await startSmtp();
    try {
      smtp.state.hold = true;
      const sending = nodemailer.createTransport(smtp.url).sendMail(mail(1));
      await smtp.holding();
      expect(smtp.received).toHaveLength(0);
      smtp.release();
      await sending;
      expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['m1']);
    } finally {
      await smtp.close();
    }
  });
});
