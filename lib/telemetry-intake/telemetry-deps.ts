import { database } from '@/lib/database';
import { InsightsBuffer } from '@/lib/insights';
import { TelemetryLimiter } from './rate-limit';
import { TelemetryWriteBuffer } from './write-buffer';

/**
 * The process's one limiter and write buffers (logs, Insights) for /api/telemetry, kept on globalThis so the
 * route handler and the Node fast path (./node-fast-path.ts) share them whatever bundle loads
 * this module.
 */
const key = Symbol.for('watercolour.telemetry');
type Holder = { [key]?: { limiter: TelemetryLimiter; buffer: TelemetryWriteBuffer; insights: InsightsBuffer } };
const holder = globalThis as Holder;

export function telemetryDeps() {
  return (holder[key] ??= {
    limiter: new TelemetryLimiter(),
    buffer: new TelemetryWriteBuffer({ database }),
    insights: new InsightsBuffer({ database }),
  });
}
