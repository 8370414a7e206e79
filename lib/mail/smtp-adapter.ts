import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer } from './port';

/** One nodemailer transport per SMTP URL for the process, made on its first email. */
const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Email through the SMTP server at `smtpUrl` (smtp:// or smtps://, credentials in the URL), with nodemailer. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  return {
    async send({ listUnsubscribe, ...mail }) {
      const headers = listUnsubscribe
        ? { 'List-Unsubscribe': `<${listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined;
      await transportFor(smtpUrl).sendMail({ ...mail, headers });
    },
  };
}
