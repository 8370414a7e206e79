import 'server-only';
import { env } from '@/lib/env';
import type { DebugConfig } from './client-checks';
import { thirdPartyEndpoints } from './third-party';

/** What /__debug may show and use: public configuration only, never a secret. */
export function debugPageConfig(): { config: DebugConfig; projectOrigin: string | null } {
  const config = env();
  const supabase = Boolean(config.NEXT_PUBLIC_SUPABASE_URL);
  return {
    config: {
      mode: supabase ? 'supabase' : 'embedded',
      anonKey: supabase ? (config.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? null) : null,
      ...thirdPartyEndpoints(config),
    },
    projectOrigin: supabase ? new URL(config.NEXT_PUBLIC_SUPABASE_URL!).origin : null,
  };
}
