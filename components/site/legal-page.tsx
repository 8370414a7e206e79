import { legalLastUpdated, type LegalSection } from '@/lib/content/legal';
import { PageHeader } from './page-header';

/** Terms and Privacy share one readable layout. */
export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  return (
    <>
      <PageHeader title={title}>
        <p>{intro}</p>
        <p className="mt-3 text-base">Last updated: {legalLastUpdated}</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        {sections.map((section) => (
          <section key={section.heading} className="mb-10">
            <h2 className="text-2xl">{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text.slice(0, 40)} className="mt-3 leading-relaxed text-ink-soft">
                {text}
              </p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
