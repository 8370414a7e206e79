import { handleTelemetry } from '@/lib/telemetry/handle-telemetry';
import { telemetryDeps } from '@/lib/telemetry/telemetry-deps';

/**
 * The browser's telemetry (lib/telemetry/handle-telemetry.ts). On a Node server the request is
 * answered before it reaches Next (lib/telemetry/node-fast-path.ts); this route answers where
 * that is not installed (Vercel), with the same handler, limiter and buffer.
 */
export function POST(request: Request): Promise<Response> {
  return handleTelemetry(request, telemetryDeps());
}
