import { after } from 'next/server';
import { handleTelemetry } from '@/lib/telemetry-intake/handle-telemetry';
import { telemetryDeps } from '@/lib/telemetry-intake/telemetry-deps';

/**
 * The browser's telemetry (lib/telemetry-intake/handle-telemetry.ts). On a Node server the request is
 * answered before it reaches Next (lib/telemetry-intake/node-fast-path.ts); this route answers where
 * that is not installed (Vercel, `next dev`), with the same handler, limiter and buffers. A
 * function may be frozen as soon as it has answered, before a buffer's timer fires: what this
 * request queued is written after the answer, within the request's life.
 */
export async function POST(request: Request): Promise<Response> {
  const deps = telemetryDeps();
  const response = await handleTelemetry(request, deps);
  after(() => Promise.all([deps.buffer.flush(), deps.insights.flush()]));
  return response;
}
