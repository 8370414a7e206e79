/**
 * What decides a simulated Lighthouse LCP (docs/benchmarks.md, Levers measured and left out):
 * Lantern replays on the throttled link every request that had ended before the LCP observed in
 * the unthrottled load. Whether the page's scripts had ended by then swings the figure by up to a
 * second, so the benchmark prints, for each simulated run, its LCP and how many scripts were in.
 */

/** The parts of a Lighthouse result the benchmark reads (scripts/bench.ts and this file). */
export type LighthouseResult = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: {
          url?: string;
          resourceType?: string;
          transferSize?: number;
          networkEndTime?: number;
          observedLargestContentfulPaint?: number;
        }[];
      };
    }
  >;
};

export type LcpRun = { lcpMs: number; scriptsIn: number; scripts: number };

/** A simulated run's LCP, and how many of the page's scripts ended before its observed LCP. */
export function lcpRun(lhr: Pick<LighthouseResult, 'audits'>): LcpRun | null {
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue;
  const observed = lhr.audits['metrics']?.details?.items?.[0]?.observedLargestContentfulPaint;
  if (lcpMs == null || observed == null) return null;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const scriptsIn = scripts.filter((item) => item.networkEndTime != null && item.networkEndTime <= observed).length;
  return { lcpMs: Math.round(lcpMs), scriptsIn, scripts: scripts.length };
}

/** "2,446 (9/10), 1,230 (2/10)": each run's LCP with the scripts that had ended before its paint. */
export function formatLcpRuns(runs: readonly LcpRun[]): string {
  return runs.map((run) => `${run.lcpMs.toLocaleString('en-GB')} (${run.scriptsIn}/${run.scripts})`).join(', ');
}
