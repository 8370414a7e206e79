import { IntentLink } from '@/components/site/intent-link';
import { MailIcon } from '@/components/site/icons';
import { legalLinks, quickLinks, site } from '@/lib/site';
import { SocialLinks } from '../social-links';
import { SEND_FORM } from '@/lib/messages/fields';
import { receivingMessages } from '@/lib/messages/settings';
import { CopyrightYear } from './copyright-year';
import { SendingFields } from '../forms/sending-fields';
import { FooterForm } from './footer-form';

const PROMO = 'Join the newsletter for new paintings, exhibitions and';

/**
 * The footer of every public page. Its parts are styled through .site-footer, .footer-about,
 * .footer-nav and .footer-contact (app/globals.css): it is in every page's HTML and payload, so
 * its links and paragraphs carry no classes of their own.
 */
export async function SiteFooter() {
  const receiving = await receivingMessages();
  return (
    <footer className="site-footer">
      <div>
        <div className="footer-about">
          <p>{site.name}</p>
          {/* Its text nodes as they were: merged into one, text is shaped anew, a fraction of a pixel apart. */}
          <p>{site.tagline}. Calm, lyrical watercolours for therapy rooms, new homes and gifts.</p>
          <p>
            {PROMO} <strong>{site.newsletterPromo}</strong>.
          </p>
          <a href={`mailto:${site.email}`}>
            <MailIcon />
            {site.email}
          </a>
          <SocialLinks tone="light" className="-ml-3" />
        </div>

        <div className="footer-nav">
          <FooterLinks label="Quick links" heading="Quick Links" links={quickLinks} />
          <FooterLinks label="Legal" heading="Legal" links={legalLinks} />
        </div>

        <section aria-labelledby="footer-form-heading" className="footer-contact">
          <h2 id="footer-form-heading">Get in Touch</h2>
          {receiving ? (
            <FooterForm sending={SEND_FORM}>
              <SendingFields form="footer" />
            </FooterForm>
          ) : (
            <FooterForm />
          )}
        </section>
      </div>
      <div>
        <p>
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
      <h2>{heading}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <IntentLink href={link.href}>{link.label}</IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
