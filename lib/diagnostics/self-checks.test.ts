import { describe, expect, it } from 'vitest';
import type { Fetcher } from './client-checks';
import { relayVerdict, runSelfCheck, selfCheckSummary, type SelfCheckEnv } from './self-checks';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const answering: Fetcher = async (url) =>
  url === '/debug/probe/rest'
    ? Response.json([{ server_time: new Date().toISOString() }])
    : Response.json({ ok: true });
const unreachable: Fetcher = async () => {
  throw new TypeError('Failed to fetch');
};

function browser(overrides: Partial<SelfCheckEnv> = {}): SelfCheckEnv {
  let jar = '';
  return {
    config: { mode: 'embedded', anonKey: null, ipInfoUrl: null, echoUrl: null },
    siteFetch: answering,
    thirdPartyFetch: unreachable,
    localStorage: memoryStorage,
    cookies: {
      enabled: true,
      read: () => jar,
      write: (cookie) => void (jar = cookie.includes('max-age=0') ? '' : cookie.split(';')[0]!),
    },
    serviceWorkers: async () => 0,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    platform: 'iPhone',
    maxTouchPoints: 5,
    ...overrides,
  };
}

describe('the Safari/iPad self-check', () => {
  it('passes a healthy browser, with nothing to count', async () => {
    const rows = await Promise.all(
      (['javascript', 'storage', 'cookies', 'blocker', 'clock', 'service-workers', 'desktop-mode'] as const).map((id) =>
        runSelfCheck(id, browser()),
      ),
    );
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      ['javascript', 'PASS'],
      ['storage', 'PASS'],
      ['cookies', 'PASS'],
      ['blocker', 'PASS'],
      ['clock', 'PASS'],
      ['service-workers', 'PASS'],
      ['desktop-mode', 'PASS'],
    ]);
    expect(selfCheckSummary(rows)).toBe('0 potential Safari/device issues detected.');
  });

  it('fails storage in private browsing and cookies when blocked', async () => {
    const privateMode = browser({
      localStorage: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      cookies: { enabled: false, read: () => '', write: () => {} },
    });
    expect((await runSelfCheck('storage', privateMode)).status).toBe('FAIL');
    expect((await runSelfCheck('cookies', privateMode)).status).toBe('FAIL');
  });

  it('warns when a content blocker stops the same-origin bait request', async () => {
    const blocked: Fetcher = async (url) => {
      if (url.includes('ads.js')) throw new TypeError('Load failed');
      return answering(url);
    };
    const row = await runSelfCheck('blocker', browser({ siteFetch: blocked }));
    expect(row.status).toBe('WARN');
  });

  it('reports the third-party checks skipped, with the reason, when unset or unreachable', async () => {
    const unset = await runSelfCheck('vpn', browser());
    expect(unset).toMatchObject({
      status: 'INFO',
      message: 'Skipped: DEBUG_IPINFO_URL is not set, so no IP info lookup was made.',
    });
    const configured = browser({
      config: {
        mode: 'embedded',
        anonKey: null,
        ipInfoUrl: 'http://10.255.255.1/json',
        echoUrl: 'http://10.255.255.1/echo',
      },
    });
    expect(await runSelfCheck('vpn', configured)).toMatchObject({
      status: 'INFO',
      message: 'Skipped: the IP info lookup (10.255.255.1) could not be reached.',
    });
    const blocker = await runSelfCheck('blocker', configured);
    expect(blocker.status).toBe('PASS');
    expect(blocker.message).toMatch(
      /The third-party test request was skipped: the request-echo service \(10\.255\.255\.1\) could not be reached\.$/,
    );
  });

  it('gives up on a third party after 3 seconds', async () => {
    const hanging: Fetcher = (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const started = Date.now();
    const row = await runSelfCheck(
      'vpn',
      browser({
        thirdPartyFetch: hanging,
        config: { mode: 'embedded', anonKey: null, ipInfoUrl: 'http://10.255.255.1/json', echoUrl: null },
      }),
    );
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(row.message).toBe('Skipped: the IP info lookup (10.255.255.1) did not answer within 3 s.');
  });

  it('detects a VPN or private relay from the lookup, and never shows the address', async () => {
    const relay: Fetcher = async () =>
      Response.json({ ip: '172.225.1.1', org: 'AS36183 Akamai Technologies, Inc.', privacy: { relay: true } });
    const row = await runSelfCheck(
      'vpn',
      browser({
        thirdPartyFetch: relay,
        config: { mode: 'embedded', anonKey: null, ipInfoUrl: 'https://ipinfo.example/json', echoUrl: null },
      }),
    );
    expect(row).toMatchObject({
      status: 'WARN',
      message: 'Your connection looks like a VPN or private relay (Akamai Technologies, Inc.).',
    });
    expect(JSON.stringify(row)).not.toContain('172.225');
    expect(relayVerdict({ ip: '81.2.69.160', org: 'AS2856 British Telecommunications PLC' })).toEqual({
      relay: false,
      org: 'British Telecommunications PLC',
    });
    expect(relayVerdict('not json')).toBeNull();
  });

  it('warns about a clock more than 2 minutes off the server’s', async () => {
    const late: Fetcher = async () => Response.json([{ server_time: new Date(Date.now() - 3 * 60_000).toISOString() }]);
    const row = await runSelfCheck('clock', browser({ siteFetch: late }));
    expect(row.status).toBe('WARN');
    expect(row.message).toMatch(/^Your device clock is 3\.0 minutes ahead of the server's\.$/);
    const near: Fetcher = async () => Response.json([{ server_time: new Date(Date.now() - 60_000).toISOString() }]);
    expect((await runSelfCheck('clock', browser({ siteFetch: near }))).status).toBe('PASS');
  });

  it('counts service workers, and offers the clear button for exactly one', async () => {
    const one = await runSelfCheck('service-workers', browser({ serviceWorkers: async () => 1 }));
    expect(one).toMatchObject({
      status: 'WARN',
      serviceWorkerCount: 1,
      tip: 'Use Clear Service Workers & Reload below.',
    });
    const two = await runSelfCheck('service-workers', browser({ serviceWorkers: async () => 2 }));
    expect(two.serviceWorkerCount).toBe(2);
    expect((await runSelfCheck('service-workers', browser({ serviceWorkers: async () => null }))).status).toBe('INFO');
    expect(selfCheckSummary([one, two, { status: 'INFO' }, { status: 'FAIL' }])).toBe(
      '3 potential Safari/device issues detected.',
    );
  });

  it('recognises desktop-mode emulation on a touch Mac', async () => {
    const ipad = browser({
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
      platform: 'MacIntel',
      maxTouchPoints: 5,
    });
    expect((await runSelfCheck('desktop-mode', ipad)).status).toBe('INFO');
    const mac = browser({ userAgent: ipad.userAgent, platform: 'MacIntel', maxTouchPoints: 0 });
    expect((await runSelfCheck('desktop-mode', mac)).status).toBe('PASS');
  });
});
