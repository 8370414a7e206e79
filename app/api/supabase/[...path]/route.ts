import { proxySupabase } from '@/lib/diagnostics/supabase-proxy';
import { env } from '@/lib/env';

/** The /api/supabase/* proxy (lib/diagnostics/supabase-proxy.ts); never cached, every method. */
const handler = (request: Request) => proxySupabase(request, { projectUrl: env().NEXT_PUBLIC_SUPABASE_URL });

export {
  handler as DELETE,
  handler as GET,
  handler as HEAD,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
