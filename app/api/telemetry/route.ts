import { database } from '@/lib/db';
import { handleTelemetry } from '@/lib/telemetry/handle-telemetry';
import { TelemetryLimiter } from '@/lib/telemetry/rate-limit';
import { TelemetryWriteBuffer } from '@/lib/telemetry/write-buffer';

/**
 * The browser's telemetry (lib/telemetry/handle-telemetry.ts). The limiter and write buffer
 * live once per process (kept on globalThis so every bundle that loads this module shares them).
 */
const key = Symbol.for('watercolour.telemetry');
type Holder = { [key]?: { limiter: TelemetryLimiter; buffer: TelemetryWriteBuffer } };
const holder = globalThis as Holder;

function deps() {
  return (holder[key] ??= { limiter: new TelemetryLimiter(), buffer: new TelemetryWriteBuffer({ database }) });
}

export function POST(request: Request): Promise<Response> {
  return handleTelemetry(request, deps());
}
