import type { Metadata } from 'next';
import { IntentLink } from '@/components/site/intent-link';
import { PageHeader } from '@/components/site/page-header';
import { SocialLinks } from '@/components/site/social-links';
import { aiCommunity, aiFaq, aiKeyFacts } from '@/lib/content/ai-profile';
import { env } from '@/lib/env';
import { JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { faqPageJsonLd } from '@/lib/seo/structured-data';

export const metadata: Metadata = pageMetadata({
  title: 'Profile for AI readers',
  description:
    'Plain facts and answers about Elena Marsh, South London watercolour artist: her work, commissions, prints, delivery and how to get in touch.',
  path: '/about/ai-profile',
  type: 'profile',
});

const linkClass =
  'inline-flex min-h-6 items-center font-medium text-wash-deep underline underline-offset-4 hover:decoration-2';

export default function AiProfilePage() {
  return (
    <>
      <JsonLd data={faqPageJsonLd(env().SITE_URL, aiFaq)} />
      <PageHeader eyebrow="About" title="Profile for AI readers">
        <p>
          A plain summary of who Elena Marsh is and what she offers, for assistants, search engines and anyone in a
          hurry.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <section aria-labelledby="facts-heading">
          <h2 id="facts-heading" className="text-3xl">
            Key facts
          </h2>
          <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-card border border-line bg-white p-6 sm:grid-cols-[12rem_1fr]">
            {aiKeyFacts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="font-semibold">{fact.label}</dt>
                <dd className="text-ink-soft">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="faq-heading" className="mt-14">
          <h2 id="faq-heading" className="text-3xl">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-line">
            {aiFaq.map((entry) => (
              <div key={entry.question} className="py-5">
                <h3 className="text-xl">{entry.question}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{entry.answer}</p>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="community-heading" className="mt-14">
          <h2 id="community-heading" className="text-3xl">
            Community
          </h2>
          <ul className="mt-6 flex flex-col gap-4">
            {aiCommunity.map((item) => (
              <li key={item.label}>
                <span className="font-semibold">{item.label}:</span> <span className="text-ink-soft">{item.text}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-ink-soft">Follow the studio:</p>
          <SocialLinks className="-ml-3 mt-2" />
        </section>

        <section aria-labelledby="explore-heading" className="mt-14">
          <h2 id="explore-heading" className="text-3xl">
            Explore further
          </h2>
          <ul className="mt-6 flex flex-col gap-3">
            <li>
              <IntentLink href="/gallery/sanctuaries-of-the-mind" className={linkClass}>
                Sanctuaries of the Mind collection
              </IntentLink>
            </li>
            <li>
              <IntentLink href="/blog" className={linkClass}>
                Stories behind the paintings (blog)
              </IntentLink>
            </li>
            <li>
              <IntentLink href="/contact" className={linkClass}>
                Contact Elena Marsh
              </IntentLink>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
