import type { Env } from '@/lib/env';

/** The debug page's URL (its folder is app/%5F_debug: a leading _ would make it private). */
export const DEBUG_PAGE_PATH = '/__debug';

/** Third-party endpoints the page's self-check calls from the browser; each is optional. */
export type ThirdPartyEndpoints = { ipInfoUrl: string | null; echoUrl: string | null };

export function thirdPartyEndpoints(config: Pick<Env, 'DEBUG_IPINFO_URL' | 'DEBUG_ECHO_URL'>): ThirdPartyEndpoints {
  return { ipInfoUrl: config.DEBUG_IPINFO_URL ?? null, echoUrl: config.DEBUG_ECHO_URL ?? null };
}

/** The origins the page's Content Security Policy must let scripts call, no more. */
export function debugConnectOrigins(config: Pick<Env, 'DEBUG_IPINFO_URL' | 'DEBUG_ECHO_URL'>): string[] {
  const { ipInfoUrl, echoUrl } = thirdPartyEndpoints(config);
  const origins = [ipInfoUrl, echoUrl].filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}
