import type { Metadata } from 'next';
import { MailIcon, MapPinIcon } from '@/components/site/icons';
import { ContactForm } from '@/components/site/forms/contact-form';
import { SendingFields } from '@/components/site/forms/sending-fields';
import { PageHeader } from '@/components/site/page-header';
import { SocialLinks } from '@/components/site/social-links';
import { site } from '@/lib/site';
import { SEND_FORM } from '@/lib/messages/fields';
import { receivingMessages } from '@/lib/messages/settings';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Contact',
  description:
    'Get in touch with Elena Marsh, South London watercolour artist, about originals, prints, commissions and workshops.',
  path: '/contact',
});

export default async function ContactPage() {
  const receiving = await receivingMessages();
  return (
    <>
      <PageHeader eyebrow="Contact" title="Let’s Talk About Art">
        <p>
          Questions about a painting, a print or a commission? I’d love to hear from you and reply within a few days.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-heading" className="rounded-card border border-line bg-white p-6 sm:p-8">
          <h2 id="contact-form-heading" className="mb-6 text-3xl">
            Send a Message
          </h2>
          <ContactForm sending={receiving ? SEND_FORM : undefined}>
            {receiving && <SendingFields form="contact" />}
          </ContactForm>
        </section>
        <aside aria-labelledby="contact-info-heading" className="flex flex-col gap-6">
          <h2 id="contact-info-heading" className="text-3xl">
            Contact Information
          </h2>
          <p className="flex items-center gap-3">
            <MailIcon className="size-5 shrink-0 text-wash-deep" />
            <a
              href={`mailto:${site.email}`}
              className="inline-flex min-h-6 items-center font-medium text-wash-deep underline underline-offset-4"
            >
              {site.email}
            </a>
          </p>
          <p className="flex items-center gap-3">
            <MapPinIcon className="size-5 shrink-0 text-wash-deep" />
            <span>
              {site.locality}, {site.country}
            </span>
          </p>
          <p className="text-ink-soft">
            Studio visits are by appointment, and during the Dulwich Festival open studios each May.
          </p>
          <div>
            <h3 className="text-xl">Follow the studio</h3>
            <SocialLinks className="-ml-3 mt-2" />
          </div>
        </aside>
      </div>
    </>
  );
}
