import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import './globals.css';

const fraunces = localFont({
  src: './fonts/fraunces-latin-wght.woff2',
  variable: '--font-fraunces',
  display: 'swap',
  weight: '300 700',
});

export const metadata: Metadata = {
  title: { default: 'Elena Marsh — South London Watercolour Artist', template: '%s | Elena Marsh Watercolours' },
  description: 'Calming original watercolours, prints, cards and gifts by Elena Marsh, a South London watercolour artist.',
};

export const viewport: Viewport = { themeColor: '#fbf8f3' };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en-GB" className={fraunces.variable}>
      <body>{children}</body>
    </html>
  );
}
