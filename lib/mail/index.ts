import { env } from '@/lib/env';
import type { Mailer } from './port';
import { createSmtpMailer } from './smtp-adapter';

/**
 * How the site sends email, from the environment (see lib/env.ts): the mailer (SMTP_URL), the
 * sender (MAIL_FROM), who the owner's notifications go to (NOTIFY_EMAIL; unset: every admin
 * account's address) and the site's address for links in them (SITE_URL).
 */
export type MailSettings = { mailer: Mailer; from: string; notifyEmail?: string; siteUrl: string };

/** The configured mail settings; null when SMTP_URL and MAIL_FROM are not set (lib/env.ts has them set together). */
export function mailSettings(config = env()): MailSettings | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  return {
    mailer: createSmtpMailer(config.SMTP_URL),
    from: config.MAIL_FROM,
    notifyEmail: config.NOTIFY_EMAIL,
    siteUrl: config.SITE_URL,
  };
}
