import type { Metadata } from 'next';
import { LegalPage } from '@/components/site/legal-page';
import { privacySectionsFor } from '@/lib/content/legal';
import { receivingMessages } from '@/lib/messages/settings';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Privacy Policy',
  description:
    'How Elena Marsh Watercolours treats your information: no tracking cookies, display-only contact forms and your rights under UK GDPR.',
  path: '/privacy',
});

export default async function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="Your privacy matters. This site collects as little as possible, and nothing without you knowing."
      sections={privacySectionsFor(await receivingMessages())}
    />
  );
}
