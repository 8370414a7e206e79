import { runProbe } from '@/lib/diagnostics/probes';

/** The /__debug checks' local equivalents in embedded mode (lib/diagnostics/probes.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ check: string }> }) {
  const { status, body } = await runProbe((await params).check);
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
}
