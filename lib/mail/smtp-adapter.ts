import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer } from './port';

/** DKIM signing (docs/operations.md, Newsletter email): the d= domain, the s= selector and the PEM private key. */
export type DkimSettings = { domain: string; selector: string; privateKey: string };

/** One nodemailer transport per SMTP URL and signing key for the process, made on its first email. */
const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string, dkim: DkimSettings | undefined): Transporter {
  const key = dkim ? `${smtpUrl}\n${dkim.domain}\n${dkim.selector}\n${dkim.privateKey}` : smtpUrl;
  let transport = transports.get(key);
  if (!transport) {
    // nodemailer's own DKIM signer, as defaults every message of this transport takes.
    transport = nodemailer.createTransport(
      smtpUrl,
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
export function createSmtpMailer(smtpUrl: string, { dkim }: { dkim?: DkimSettings } = {}): Mailer {
  return {
    async send({ listUnsubscribe, ...mail }) {
      const headers = listUnsubscribe
        ? { 'List-Unsubscribe': `<${listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined;
      await transportFor(smtpUrl, dkim).sendMail({ ...mail, headers });
    },
  };
}
