'use client';

import { useEffect } from 'react';

const button = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: '0 1.5rem',
  borderRadius: 999,
  fontSize: '1rem',
  fontWeight: 500,
  textDecoration: 'none',
} as const;

/**
 * An uncaught rendering error, wherever it happens (docs/product.md, Not found and error pages).
 * The one error boundary above the gallery's: a root error boundary beside it cost every page
 * one more script (about 1.3 KB transferred), and showed no more of the site, since the header
 * and footer sit below it. It replaces <html>, so it brings its own document and inline styles
 * (the stylesheet may be what failed).
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang="en-GB">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', background: '#fbf8f3', color: '#24262b' }}>
        <title>Unexpected Application Error!</title>
        <main
          id="main-content"
          style={{ maxWidth: '42rem', margin: '0 auto', padding: '6rem 1rem', textAlign: 'center', lineHeight: 1.5 }}
        >
          <h1
            style={{ fontFamily: 'Georgia, serif', fontSize: '2.25rem', fontWeight: 400, lineHeight: 1.2, margin: 0 }}
          >
            Unexpected Application Error!
          </h1>
          <p style={{ marginTop: '1.25rem', fontSize: '1.125rem', color: '#4a4f57' }}>
            Something went wrong while showing this page. Please try again.
          </p>
          {error.digest && (
            <p style={{ marginTop: '0.75rem', fontSize: '0.875rem', color: '#4a4f57' }}>Reference: {error.digest}</p>
          )}
          <div
            style={{ marginTop: '2rem', display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '0.75rem' }}
          >
            <button
              type="button"
              onClick={reset}
              style={{ ...button, border: 0, background: '#2f5d6e', color: '#fff', cursor: 'pointer' }}
            >
              Try Again
            </button>
            {/* A plain link: after an error a full load of the home page starts clean. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
            <a
              href="/"
              style={{ ...button, border: '1px solid rgb(36 38 43 / 0.2)', background: '#fff', color: '#24262b' }}
            >
              Go to Homepage
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
