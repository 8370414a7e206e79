import { describe, expect, it } from 'vitest';
import { debugConnectOrigins } from '@/lib/diagnostics/third-party';
import { contentSecurityPolicy, newNonce, nonceOf, policyOptions } from './csp';

const connectSrc = (policy: string) => policy.split('; ').find((directive) => directive.startsWith('connect-src'));

describe('content security policy: connect-src', () => {
  it('lets scripts call only this site by default', () => {
    expect(connectSrc(contentSecurityPolicy({}))).toBe("connect-src 'self'");
    expect(connectSrc(contentSecurityPolicy({ dev: true }))).toBe("connect-src 'self' ws:");
  });

  it('adds the /__debug page’s configured third-party origins, and only those', () => {
    const origins = debugConnectOrigins({
      DEBUG_IPINFO_URL: 'https://ipinfo.example/json?token=public',
      DEBUG_ECHO_URL: 'http://10.255.255.1/echo',
    });
    expect(origins).toEqual(['https://ipinfo.example', 'http://10.255.255.1']);
    expect(connectSrc(contentSecurityPolicy({ connectOrigins: origins }))).toBe(
      "connect-src 'self' https://ipinfo.example http://10.255.255.1",
    );
    expect(debugConnectOrigins({ DEBUG_IPINFO_URL: undefined, DEBUG_ECHO_URL: undefined })).toEqual([]);
    expect(
      debugConnectOrigins({ DEBUG_IPINFO_URL: 'https://same.example/a', DEBUG_ECHO_URL: 'https://same.example/b' }),
    ).toEqual(['https://same.example']);
  });
});

describe('content security policy: what it depends on', () => {
  it('takes image storage, https and dev from the environment (next.config.ts and proxy.ts share it)', () => {
    const supabase = policyOptions({
      NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/',
      SITE_URL: 'https://elenamarsh.example',
      NODE_ENV: 'production',
    });
    expect(supabase).toEqual({ storageOrigin: 'https://abc.supabase.co', dev: false, https: true });
    const policy = contentSecurityPolicy(supabase);
    expect(policy).toContain("img-src 'self' data: blob: https://abc.supabase.co");
    expect(policy).toContain('upgrade-insecure-requests');
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");

    const local = policyOptions({ SITE_URL: 'http://localhost:3000', NODE_ENV: 'development' });
    expect(local).toEqual({ storageOrigin: undefined, dev: true, https: false });
    expect(contentSecurityPolicy(local)).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy(local)).toContain("'unsafe-eval'");
  });
});

describe('a page the proxy did not see', () => {
  it('runs no script: no nonce, no inline script, nothing from this site either', () => {
    const policy = contentSecurityPolicy({ nonce: 'ignored', noScripts: true });
    expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).toBe("script-src 'none'");
    expect(nonceOf(policy)).toBeUndefined();
  });
});

describe('the nonce of a policy', () => {
  it('is the one the policy was made with, for an inline script the page renders itself', () => {
    const nonce = newNonce();
    expect(nonceOf(contentSecurityPolicy({ nonce }))).toBe(nonce);
    expect(nonceOf(contentSecurityPolicy({}))).toBeUndefined();
    expect(nonceOf(null)).toBeUndefined();
  });
});
