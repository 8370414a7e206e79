'use client';

import { useCallback, useEffect, useState } from 'react';
import { CHECKS, runCheck, type CardResult, type CheckId, type DebugConfig } from '@/lib/diagnostics/client-checks';
import { CheckCard } from './check-card';
import { siteFetch } from './site-fetch';

const running: CardResult = { status: 'running', message: 'Running…' };
const allRunning = Object.fromEntries(CHECKS.map(({ id }) => [id, running])) as Record<CheckId, CardResult>;

/** The four re-runnable checks (lib/diagnostics/client-checks.ts). */
export function DebugChecks({ config }: { config: DebugConfig }) {
  const [results, setResults] = useState(allRunning);
  const settle = useCallback(
    (id: CheckId) =>
      runCheck(id, config, siteFetch).then((result) => setResults((current) => ({ ...current, [id]: result }))),
    [config],
  );
  // Every card starts as running: the first runs only settle them.
  useEffect(() => {
    for (const { id } of CHECKS) void settle(id);
  }, [settle]);
  const rerun = (id: CheckId) => {
    setResults((current) => ({ ...current, [id]: running }));
    void settle(id);
  };

  return (
    <section aria-labelledby="checks-heading" className="flex flex-col gap-4">
      <h2 id="checks-heading" className="text-2xl">
        Checks
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {CHECKS.map(({ id, title }) => (
          <CheckCard key={id} id={id} title={title} result={results[id]} onRerun={() => rerun(id)} />
        ))}
      </ul>
    </section>
  );
}
