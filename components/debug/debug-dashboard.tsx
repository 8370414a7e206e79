import type { DebugConfig } from '@/lib/diagnostics/client-checks';
import { DebugChecks } from './debug-checks';
import { SelfCheckPanel } from './self-check-panel';

/** /__debug: what the site runs on, the four checks, and the browser's self-check. */
export function DebugDashboard({ config, projectOrigin }: { config: DebugConfig; projectOrigin: string | null }) {
  return (
    <div className="flex flex-col gap-10">
      <dl className="grid gap-x-6 gap-y-2 rounded-card border border-line bg-white p-5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Mode</dt>
        <dd>
          {config.mode === 'supabase'
            ? `Supabase (${projectOrigin}), proxied through /api/supabase`
            : 'Embedded: the site’s own database, accounts and file storage'}
        </dd>
        <dt className="font-semibold">Public anon key</dt>
        <dd className="font-mono break-all">{config.anonKey ?? 'embedded mode, no key'}</dd>
        <dt className="font-semibold">Health JSON</dt>
        <dd>
          <a href="/debug/health-check" className="text-wash underline">
            /debug/health-check
          </a>
        </dd>
      </dl>
      <DebugChecks config={config} />
      <SelfCheckPanel config={config} />
    </div>
  );
}
