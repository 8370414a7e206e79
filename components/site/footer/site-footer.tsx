import { IntentLink } from '@/components/site/intent-link';
import { MailIcon } from '@/components/site/icons';
import { legalLinks, quickLinks, site } from '@/lib/site';
import { SocialLinks } from '../social-links';
import { SEND_FORM } from '@/lib/messages/fields';
import { receivingMessages } from '@/lib/messages/settings';
import { CopyrightYear } from './copyright-year';
import { SendingFields } from '../forms/sending-fields';
import { FooterForm } from './footer-form';

const linkClass =
  'inline-flex min-h-6 items-center py-1 text-paper/90 underline-offset-4 hover:text-white hover:underline';

export async function SiteFooter() {
  const receiving = await receivingMessages();
  return (
    <footer className="bg-wash-deep text-paper">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1fr_1.4fr]">
        <div className="flex flex-col gap-4">
          <p className="font-serif text-2xl text-white">{site.name}</p>
          <p className="text-paper/90">
            {site.tagline}. Calm, lyrical watercolours for therapy rooms, new homes and gifts.
          </p>
          <p className="rounded-card border border-white/25 bg-white/10 p-4 text-paper">
            Join the newsletter for new paintings, exhibitions and{' '}
            <strong className="text-white">{site.newsletterPromo}</strong>.
          </p>
          <a href={`mailto:${site.email}`} className={`${linkClass} gap-2`}>
            <MailIcon className="size-4" />
            {site.email}
          </a>
          <SocialLinks tone="light" className="-ml-3" />
        </div>

        <div className="grid grid-cols-2 gap-8 lg:grid-cols-1">
          <FooterLinks label="Quick links" heading="Quick Links" links={quickLinks} />
          <FooterLinks label="Legal" heading="Legal" links={legalLinks} />
        </div>

        <section aria-labelledby="footer-form-heading" className="rounded-card bg-paper p-6 text-ink">
          <h2 id="footer-form-heading" className="mb-4 text-2xl">
            Get in Touch
          </h2>
          <FooterForm sending={receiving ? SEND_FORM : undefined}>
            {receiving && <SendingFields form="footer" />}
          </FooterForm>
        </section>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-paper/90 sm:px-6">
          © <CopyrightYear /> {site.name}
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({
  label,
  heading,
  links,
}: {
  label: string;
  heading: string;
  links: readonly { href: string; label: string }[];
}) {
  return (
    <nav aria-label={label}>
      <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wider text-white">{heading}</h2>
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <IntentLink href={link.href} className={linkClass}>
              {link.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
