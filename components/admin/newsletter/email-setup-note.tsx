import Link from 'next/link';

/**
 * Shown on /admin/newsletter while the site cannot send email (no SMTP_URL and MAIL_FROM): what
 * to set up. Letters can still be written and previewed meanwhile.
 */
export function EmailSetupNote() {
  return (
    <section
      role="note"
      aria-labelledby="email-setup-heading"
      className="rounded-card border border-clay/40 bg-white p-5"
    >
      <h2 id="email-setup-heading" className="font-serif text-xl">
        Email is not set up yet
      </h2>
      <p className="mt-2 text-ink">
        You can write and preview letters now, but none can be sent, tested or confirmed until the site can send email.
        To turn it on:
      </p>
      <ol className="mt-2 list-decimal pl-6 text-ink">
        <li>
          Ask whoever runs the site to set up outgoing email for it (<code>SMTP_URL</code> and <code>MAIL_FROM</code>).
        </li>
        <li>
          Switch on ‘Receive messages from visitors’ on{' '}
          <Link href="/admin/messages" className="text-wash underline underline-offset-4 hover:text-wash-deep">
            Messages
          </Link>
          : the box visitors tick to subscribe is on the message forms.
        </li>
      </ol>
    </section>
  );
}
