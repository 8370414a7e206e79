/**
 * The outgoing-mail port: an email the site sends, and what hands it to a mail server. SMTP
 * implements it (lib/mail/smtp-adapter.ts); lib/mail/index.ts builds it from the environment.
 * Each sender builds its own emails; the port only carries them.
 */

/** A mailbox with a display name, as in "Ada Lovelace <ada@example.com>". */
export type MailAddress = { name: string; address: string };

export type OutgoingMail = {
  /** The sender, as MAIL_FROM gives it ("site@example.com" or "Name <site@example.com>"). */
  from: string;
  to: string[];
  /** Where a reply goes, when not to `from`. */
  replyTo?: MailAddress;
  /** One line: the sender removes line breaks from anything it did not write itself. */
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header (`<id@host>`): the same on a retry, so a mail server that saw it once can tell. */
  messageId?: string;
  /**
   * For a bulk email (the newsletter's): the HTTPS address that unsubscribes its recipient with
   * one POST (RFC 8058). Sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
   */
  listUnsubscribe?: string;
};

export type Mailer = {
  /** Hands one email to the mail server: resolves once the server has taken it, rejects with why not. */
  send(mail: OutgoingMail): Promise<void>;
};
