import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import { Telemetry } from '@/components/telemetry/telemetry';
import { Toaster } from '@/components/ui/toaster';
import { site } from '@/lib/site';
import { env } from '@/lib/env';
import { JsonLd } from '@/lib/seo/json-ld';
import { siteGraphJsonLd } from '@/lib/seo/structured-data';
import './globals.css';

const fraunces = localFont({
  src: './fonts/fraunces-core.woff2',
  variable: '--font-fraunces',
  // Optional, not swap: the face is preloaded and shows when it comes in time for the first
  // paint; when it does not (a slow first visit), the fallback stays for that page and nothing
  // moves. Swapping shifted the home page's hero (CLS 0.019 in Lighthouse's devtools runs): the
  // fallback is sized from Times New Roman, and Android and Linux have none.
  display: 'optional',
  weight: '400 600',
  // A serif face: size the fallback from Times New Roman, the nearest metrics where it exists.
  adjustFontFallback: 'Times New Roman',
});

export const metadata: Metadata = {
  metadataBase: new URL(env().SITE_URL),
  title: { default: 'Elena Marsh — South London Watercolour Artist', template: '%s | Elena Marsh Watercolours' },
  description: site.description,
  applicationName: site.siteName,
  authors: [{ name: site.name }],
  openGraph: {
    siteName: site.siteName,
    locale: 'en_GB',
    type: 'website',
    images: [site.ogImage],
  },
  twitter: { card: 'summary_large_image', images: [site.ogImage.url] },
};

export const viewport: Viewport = { themeColor: '#fbf8f3' };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en-GB" className={fraunces.variable}>
      <body>
        {children}
        <JsonLd data={siteGraphJsonLd(env().SITE_URL)} />
        <Toaster />
        <Telemetry />
      </body>
    </html>
  );
}
