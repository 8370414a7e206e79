import { env } from '@/lib/env';
import type { Mailer } from './port';
import { createSmtpMailer, type DkimSettings } from './smtp-adapter';

/**
 * How the site sends email, from the environment (see lib/env.ts): the mailer (SMTP_URL, signed
 * with DKIM when MAIL_DKIM_* are set), the sender (MAIL_FROM), who the owner's notifications go
 * to (NOTIFY_EMAIL; unset: every admin account's address) and the site's address for links in
 * them (SITE_URL).
 */
export type MailSettings = {
  mailer: Mailer;
  /** For a bulk send (the newsletter's): the same server through connections kept open; `mailer` when not given. */
  bulkMailer?: Mailer;
  from: string;
  notifyEmail?: string;
  siteUrl: string;
};

/** The configured mail settings; null when SMTP_URL and MAIL_FROM are not set (lib/env.ts has them set together). */
export function mailSettings(config = env()): MailSettings | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  const dkim = dkimSettings(config);
  return {
    mailer: createSmtpMailer(config.SMTP_URL, { dkim }),
    bulkMailer: createSmtpMailer(config.SMTP_URL, { dkim, pool: true }),
    from: config.MAIL_FROM,
    notifyEmail: config.NOTIFY_EMAIL,
    siteUrl: config.SITE_URL,
  };
}

/** The DKIM key from the environment, when MAIL_DKIM_DOMAIN, _SELECTOR and _PRIVATE_KEY are set (lib/env.ts has them together). */
export function dkimSettings(config = env()): DkimSettings | undefined {
  const { MAIL_DKIM_DOMAIN: domain, MAIL_DKIM_SELECTOR: selector, MAIL_DKIM_PRIVATE_KEY: privateKey } = config;
  return domain && selector && privateKey ? { domain, selector, privateKey } : undefined;
}
