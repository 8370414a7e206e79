import { readServerTime, type DebugConfig, type Fetcher } from './client-checks';

/**
 * The Safari/iPad self-check panel of /__debug: each row PASS, FAIL, WARN or INFO with a tip.
 * Browser facts come in through `SelfCheckEnv`, so the rules are tested without a browser.
 * Third-party calls (IP info, request echo) use plain fetch without credentials or custom
 * headers (a correlation header would need a CORS preflight the service may refuse), time out
 * after 3 s, and report skipped with the reason. Every row settles within ROW_LIMIT_MS.
 */
export type RowStatus = 'PASS' | 'FAIL' | 'WARN' | 'INFO';
export type SelfCheckRow = {
  id: SelfCheckId;
  label: string;
  status: RowStatus;
  message: string;
  tip: string;
  serviceWorkerCount?: number;
};
export type SelfCheckId =
  'javascript' | 'storage' | 'cookies' | 'blocker' | 'vpn' | 'clock' | 'service-workers' | 'desktop-mode';

export type SelfCheckEnv = {
  config: DebugConfig;
  /** Same-origin requests (the site's fetch wrapper). */
  siteFetch: Fetcher;
  /** Third-party requests: the plain fetch. */
  thirdPartyFetch: Fetcher;
  localStorage: () => Storage;
  cookies: { enabled: boolean; read: () => string; write: (cookie: string) => void };
  serviceWorkers: () => Promise<number | null>;
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
};

export const THIRD_PARTY_TIMEOUT_MS = 3_000;
export const ROW_LIMIT_MS = 9_000;
export const CLOCK_SKEW_LIMIT_MS = 2 * 60 * 1000;
export const CONTENT_BLOCKER_BAIT = '/debug/probe/ads.js?ad_slot=banner&adsbygoogle=1';

export const ROWS: { id: SelfCheckId; label: string }[] = [
  { id: 'javascript', label: 'JavaScript' },
  { id: 'storage', label: 'Local storage' },
  { id: 'cookies', label: 'Cookies' },
  { id: 'blocker', label: 'Content blocker' },
  { id: 'vpn', label: 'VPN or private relay' },
  { id: 'clock', label: 'Clock' },
  { id: 'service-workers', label: 'Service workers' },
  { id: 'desktop-mode', label: 'Desktop-mode emulation' },
];

type Verdict = Omit<SelfCheckRow, 'id' | 'label'>;

const checks: Record<SelfCheckId, (env: SelfCheckEnv) => Verdict | Promise<Verdict>> = {
  javascript: () => ({
    status: 'PASS',
    message: 'JavaScript runs.',
    tip: 'Nothing to do. (Had it not, this row would say FAIL: turn on Settings > Safari > Advanced > JavaScript.)',
  }),

  storage: (env) => {
    try {
      const store = env.localStorage();
      store.setItem('debug-self-check', '1');
      const read = store.getItem('debug-self-check');
      store.removeItem('debug-self-check');
      if (read !== '1') throw new Error('read back nothing');
      return { status: 'PASS', message: 'Local storage is writable.', tip: 'Nothing to do.' };
    } catch {
      return {
        status: 'FAIL',
        message: 'Local storage is not writable (Private Browsing, or storage is blocked).',
        tip: 'Leave Private Browsing (tap the tabs button, then choose a normal tab group), or allow website data in Settings > Safari.',
      };
    }
  },

  cookies: (env) => {
    const name = 'debug_self_check';
    try {
      env.cookies.write(`${name}=1; path=/; max-age=10; SameSite=Lax`);
      const set = env.cookies.read().split('; ').includes(`${name}=1`);
      env.cookies.write(`${name}=; path=/; max-age=0; SameSite=Lax`);
      if (env.cookies.enabled && set) return { status: 'PASS', message: 'Cookies are enabled.', tip: 'Nothing to do.' };
    } catch {
      // A sandboxed or locked-down browser may throw on document.cookie: the same as blocked.
    }
    return {
      status: 'FAIL',
      message: 'Cookies are blocked.',
      tip: 'Turn off Settings > Safari > Block All Cookies: signing in needs a cookie.',
    };
  },

  blocker: async (env) => {
    // Same origin, so only something in the browser can stop it: the page itself came from here.
    try {
      const bait = await env.siteFetch(CONTENT_BLOCKER_BAIT, {
        cache: 'no-store',
        signal: AbortSignal.timeout(THIRD_PARTY_TIMEOUT_MS),
      });
      await bait.body?.cancel();
    } catch {
      return {
        status: 'WARN',
        message: 'A test request that looks like an advert was blocked: a content blocker is active.',
        tip: 'If something on the site does not work, turn content blockers off for this site: aA in the address bar > Turn Off Content Blockers.',
      };
    }
    const echo = await thirdParty(
      env,
      env.config.echoUrl,
      'DEBUG_ECHO_URL',
      'request-echo service',
      'test request to a request-echo service',
    );
    if (!echo.ok)
      return {
        status: 'PASS',
        message: `No content blocker stopped the test request to this site. The third-party test request was skipped: ${echo.reason}`,
        tip: 'Nothing to do.',
      };
    return {
      status: 'PASS',
      message: 'No content blocker stopped the test requests (this site and the request-echo service).',
      tip: 'Nothing to do.',
    };
  },

  vpn: async (env) => {
    const lookup = await thirdParty(env, env.config.ipInfoUrl, 'DEBUG_IPINFO_URL', 'IP info lookup', 'IP info lookup');
    if (!lookup.ok)
      return {
        status: 'INFO',
        message: `Skipped: ${lookup.reason}`,
        tip: 'The site works without this check; it only helps explain network problems.',
      };
    const verdict = relayVerdict(lookup.body);
    if (verdict === null)
      return {
        status: 'INFO',
        message: 'Skipped: the IP info lookup answered in a form this page does not read.',
        tip: 'Check DEBUG_IPINFO_URL: it should answer JSON such as ipinfo.io’s.',
      };
    return verdict.relay
      ? {
          status: 'WARN',
          message: `Your connection looks like a VPN or private relay${verdict.org ? ` (${verdict.org})` : ''}.`,
          tip: 'If pages fail to load, try turning off iCloud Private Relay (Settings > your name > iCloud > Private Relay) or the VPN, then reload.',
        }
      : { status: 'PASS', message: 'No VPN or private relay detected.', tip: 'Nothing to do.' };
  },

  clock: async (env) => {
    const read = await readServerTime(env.config, env.siteFetch).catch(() => null);
    if (!read || !read.ok)
      return {
        status: 'INFO',
        message: `Skipped: the server time could not be read${read && !read.ok ? ` (${read.result.message})` : ''}.`,
        tip: 'Reload the page to try again.',
      };
    // The server read its clock about half-way through the round trip.
    const skew = read.receivedAt - read.roundTripMs / 2 - read.serverTime.getTime();
    const minutes = Math.abs(skew) / 60_000;
    if (Math.abs(skew) > CLOCK_SKEW_LIMIT_MS) {
      return {
        status: 'WARN',
        message: `Your device clock is ${minutes.toFixed(1)} minutes ${skew > 0 ? 'ahead of' : 'behind'} the server's.`,
        tip: 'Turn on Settings > General > Date & Time > Set Automatically: sign-in and secure pages can fail with a wrong clock.',
      };
    }
    return {
      status: 'PASS',
      message: `Your device clock is within ${Math.max(1, Math.ceil(Math.abs(skew) / 1000))} s of the server's.`,
      tip: 'Nothing to do.',
    };
  },

  'service-workers': async (env) => {
    const count = await env.serviceWorkers();
    if (count === null)
      return {
        status: 'INFO',
        message: 'Service workers are not available in this browser context.',
        tip: 'Nothing to do: none can be serving an old copy of the site.',
      };
    if (count === 0)
      return {
        status: 'PASS',
        serviceWorkerCount: 0,
        message: 'No service worker is registered.',
        tip: 'Nothing to do.',
      };
    return {
      status: 'WARN',
      serviceWorkerCount: count,
      message: `${count} service worker${count === 1 ? ' is' : 's are'} registered: this site does not use one, so it may serve an old copy.`,
      tip:
        count === 1
          ? 'Use Clear Service Workers & Reload below.'
          : 'Clear this site’s data: Settings > Safari > Advanced > Website Data.',
    };
  },

  'desktop-mode': (env) => {
    // iPadOS asking for desktop sites reports a Mac; a real Mac has no touch points.
    const touchMac = /Macintosh/.test(env.userAgent) && env.platform === 'MacIntel' && env.maxTouchPoints > 1;
    return touchMac
      ? {
          status: 'INFO',
          message: 'This looks like an iPad in desktop mode (it reports a Mac with a touch screen).',
          tip: 'If pages look or behave wrongly, try aA in the address bar > Request Mobile Website.',
        }
      : { status: 'PASS', message: 'No desktop-mode emulation on a touch Mac.', tip: 'Nothing to do.' };
  },
};

export async function runSelfCheck(id: SelfCheckId, env: SelfCheckEnv): Promise<SelfCheckRow> {
  const label = ROWS.find((row) => row.id === id)!.label;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<Verdict>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          status: 'INFO',
          message: `Skipped: no result within ${ROW_LIMIT_MS / 1000} s.`,
          tip: 'Reload the page to try again.',
        }),
      ROW_LIMIT_MS,
    );
  });
  try {
    const verdict = await Promise.race([Promise.resolve().then(() => checks[id](env)), limit]);
    return { id, label, ...verdict };
  } catch (error) {
    return {
      id,
      label,
      status: 'INFO',
      message: `Skipped: the check failed (${error instanceof Error ? error.message : String(error)}).`,
      tip: 'Reload the page to try again.',
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The summary: FAIL and WARN rows are potential issues. */
export function selfCheckSummary(rows: Pick<SelfCheckRow, 'status'>[]): string {
  const issues = rows.filter((row) => row.status === 'FAIL' || row.status === 'WARN').length;
  return `${issues} potential Safari/device issues detected.`;
}

type ThirdPartyRead = { ok: true; body: unknown } | { ok: false; reason: string };

async function thirdParty(
  env: SelfCheckEnv,
  url: string | null,
  variable: string,
  what: string,
  call: string,
): Promise<ThirdPartyRead> {
  if (!url) return { ok: false, reason: `${variable} is not set, so no ${call} was made.` };
  const host = new URL(url).host;
  try {
    const response = await env.thirdPartyFetch(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: AbortSignal.timeout(THIRD_PARTY_TIMEOUT_MS),
    });
    if (!response.ok) return { ok: false, reason: `the ${what} (${host}) answered HTTP ${response.status}.` };
    const text = await response.text();
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch {
      return { ok: true, body: text };
    }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      ok: false,
      reason: timedOut
        ? `the ${what} (${host}) did not answer within ${THIRD_PARTY_TIMEOUT_MS / 1000} s.`
        : `the ${what} (${host}) could not be reached.`,
    };
  }
}

const RELAY_ORGS = /private relay|icloud|cloudflare|akamai|fastly|\bvpn\b|proxy|hosting|datacenter|data center/i;

/** Reads ipinfo.io-like answers: privacy flags, or the network's organisation. Never the address. */
export function relayVerdict(body: unknown): { relay: boolean; org: string | null } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as {
    org?: unknown;
    asn?: { name?: unknown };
    privacy?: Record<string, unknown>;
    security?: Record<string, unknown>;
    proxy?: unknown;
    hosting?: unknown;
  };
  const org =
    typeof record.org === 'string' ? record.org : typeof record.asn?.name === 'string' ? record.asn.name : null;
  const flags: Record<string, unknown> = {
    ...record.privacy,
    ...record.security,
    proxy: record.proxy,
    hosting: record.hosting,
  };
  const flagged = ['vpn', 'proxy', 'relay', 'tor', 'hosting'].some((flag) => flags[flag] === true);
  if (
    !flagged &&
    org === null &&
    record.privacy === undefined &&
    record.security === undefined &&
    record.proxy === undefined
  )
    return null;
  return { relay: flagged || (org !== null && RELAY_ORGS.test(org)), org: org ? org.replace(/^AS\d+\s+/, '') : null };
}
