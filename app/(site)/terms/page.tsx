import type { Metadata } from 'next';
import { LegalPage } from '@/components/site/legal-page';
import { termsSections } from '@/lib/content/legal';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Terms and Conditions',
  description:
    'Terms for buying original watercolours, prints, cards, coasters and commissions from Elena Marsh: payment, delivery, returns and refunds.',
  path: '/terms',
});

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      intro="Clear, friendly terms for buying original paintings, prints and gifts, and for commissions."
      sections={termsSections}
    />
  );
}
