'use client';

import { useEffect } from 'react';

/**
 * Fallback for an uncaught rendering error below the root layout
 * (docs/product.md, Not found and error pages).
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl">Unexpected Application Error!</h1>
      <p className="mt-5 text-lg text-ink-soft">Something went wrong while showing this page. Please try again.</p>
      {error.digest && <p className="mt-3 text-sm text-ink-soft">Reference: {error.digest}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={reset} className="btn btn-primary">
          Try Again
        </button>
        {/* A plain link: after an error a full load of the home page starts clean, and next/link
            in this boundary would put a second copy of its code into every page's scripts. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
        <a href="/" className="btn btn-secondary">
          Go to Homepage
        </a>
      </div>
    </main>
  );
}
