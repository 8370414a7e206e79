import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DebugDashboard } from '@/components/debug/debug-dashboard';
import { debugPageConfig } from '@/lib/diagnostics/page-config';
import { selfCheckSummary } from '@/lib/diagnostics/self-checks';

// The folder is %5F_debug because a folder starting with _ is private in the App Router: this is /__debug.
export const metadata: Metadata = {
  title: 'Debug & Health Dashboard',
  description: 'Why the site may not work on this device: the site’s checks and a Safari/iPad self-check.',
  robots: { index: false, follow: false },
};

// Rendered per request, shell and all: its scripts carry this request's nonce (proxy.ts), which
// Next can only put on scripts it renders for the request; the third-party endpoints and mode
// come from the running server's configuration. instant = false allows the blocking page.
export const instant = false;

export default async function DebugPage() {
  await connection();
  const { config, projectOrigin } = debugPageConfig();
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl sm:text-4xl">Debug &amp; Health Dashboard</h1>
        <p className="text-ink-soft">
          If the site does not work for you, send a screenshot of this page to the artist. It shows no secret and no
          personal data.
        </p>
      </div>
      {/* The checks run in the browser; without JavaScript this is the self-check's one row. */}
      <noscript>
        <section
          aria-labelledby="no-script-heading"
          className="flex flex-col gap-2 rounded-card border border-line bg-white p-5"
        >
          <h2 id="no-script-heading" className="text-2xl">
            Safari/iPad self-check
          </h2>
          <p>
            <strong>JavaScript: FAIL.</strong> JavaScript is off, so none of the checks on this page can run.
          </p>
          <p className="text-sm text-ink-soft">
            Tip: turn on Settings &gt; Safari &gt; Advanced &gt; JavaScript, then reload.
          </p>
          <p className="font-medium">{selfCheckSummary([{ status: 'FAIL' }])}</p>
        </section>
      </noscript>
      <DebugDashboard config={config} projectOrigin={projectOrigin} />
    </main>
  );
}
