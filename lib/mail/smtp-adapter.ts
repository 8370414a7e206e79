import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer } from './port';

/** DKIM signing (docs/operations.md, Newsletter email): the d= domain, the s= selector and the PEM private key. */
export type DkimSettings = { domain: string; selector: string; privateKey: string };

export type SmtpOptions = {
  dkim?: DkimSettings;
  /**
   * Keep connections open between emails (nodemailer's pool), for a bulk send: a new connection
   * per email (TCP, TLS, EHLO, AUTH) costs more than the email itself. The site's few other
   * emails each open their own and close it.
   */
  pool?: boolean;
};

/** One nodemailer transport per SMTP URL, signing key and pooling for the process, made on its first email. */
const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string, { dkim, pool = false }: SmtpOptions): Transporter {
  const key = JSON.stringify([smtpUrl, pool, dkim ?? null]);
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer.createTransport(
      { url: smtpUrl, pool },
      // nodemailer's own DKIM signer, as defaults every message of this transport takes.
      dkim ? { dkim: { domainName: dkim.domain, keySelector: dkim.selector, privateKey: dkim.privateKey } } : {},
    );
    transports.set(key, transport);
  }
  return transport;
}

/**
 * Email through the SMTP server at `smtpUrl` (smtp:// or smtps://, credentials in the URL), with
 * nodemailer; signed with DKIM when `dkim` is given.
 */
export function createSmtpMailer(smtpUrl: string, options: SmtpOptions = {}): Mailer {
  return {
    async send({ listUnsubscribe, ...mail }) {
      const headers = listUnsubscribe
        ? { 'List-Unsubscribe': `<${listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined;
      await transportFor(smtpUrl, options).sendMail({ ...mail, headers });
    },
  };
}
