'use client';

/**
 * Last resort when the root layout itself fails: it replaces <html>, so it brings its own
 * document and inline styles (the stylesheet may be what failed).
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-GB">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', background: '#fbf8f3', color: '#24262b' }}>
        <main style={{ maxWidth: '36rem', margin: '0 auto', padding: '6rem 1rem', textAlign: 'center' }}>
          <h1 style={{ fontSize: '2rem' }}>Unexpected Application Error!</h1>
          <p>Something went wrong. Please try again.</p>
          {error.digest && <p style={{ fontSize: '0.875rem' }}>Reference: {error.digest}</p>}
          <button
            type="button"
            onClick={reset}
            style={{
              minHeight: 44,
              padding: '0 1.5rem',
              borderRadius: 999,
              border: 0,
              background: '#2f5d6e',
              color: '#fff',
              fontSize: '1rem',
            }}
          >
            Try Again
          </button>
        </main>
      </body>
    </html>
  );
}
