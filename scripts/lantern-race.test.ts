import { describe, expect, it } from 'vitest';
import { formatLcpRuns, lcpRun, type LighthouseResult } from './lantern-race';

/** A simulated run as Lighthouse 12 writes it: the metrics, and each request's end in the observed load. */
function run(lcpMs: number, observedLcp: number, scriptEnds: number[]): Pick<LighthouseResult, 'audits'> {
  return {
    audits: {
      'largest-contentful-paint': { numericValue: lcpMs },
      metrics: { details: { items: [{ observedLargestContentfulPaint: observedLcp }] } },
      'network-requests': {
        details: {
          items: [
            { resourceType: 'Document', networkEndTime: 13 },
            { resourceType: 'Stylesheet', networkEndTime: 96 },
            ...scriptEnds.map((networkEndTime) => ({ resourceType: 'Script', networkEndTime })),
          ],
        },
      },
    },
  };
}

describe('lcpRun', () => {
  it('counts the scripts that had ended by the observed LCP, the ones Lantern replays', () => {
    expect(lcpRun(run(1921.6, 185, [104, 117, 123, 185, 299]))).toEqual({ lcpMs: 1922, scriptsIn: 4, scripts: 5 });
    expect(lcpRun(run(1230.2, 199, [109, 225, 233, 235]))).toEqual({ lcpMs: 1230, scriptsIn: 1, scripts: 4 });
  });

  it('gives nothing for a run without an observed LCP (a failed run)', () => {
    expect(lcpRun({ audits: { 'largest-contentful-paint': { numericValue: 1500 } } })).toBeNull();
  });

  it('formats each run as its LCP and the scripts in', () => {
    expect(
      formatLcpRuns([
        { lcpMs: 2446, scriptsIn: 9, scripts: 10 },
        { lcpMs: 1230, scriptsIn: 2, scripts: 10 },
      ]),
    ).toBe('2,446 (9/10), 1,230 (2/10)');
  });
});
