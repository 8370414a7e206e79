import { describe, expect, it } from 'vitest';
import { debugConnectOrigins } from '@/lib/diagnostics/third-party';
import { contentSecurityPolicy } from './csp';

const connectSrc = (policy: string) => policy.split('; ').find((directive) => directive.startsWith('connect-src'));

describe('content security policy: connect-src', () => {
  it('lets scripts call only this site by default', () => {
    expect(connectSrc(contentSecurityPolicy({}))).toBe("connect-src 'self'");
    expect(connectSrc(contentSecurityPolicy({ dev: true }))).toBe("connect-src 'self' ws:");
  });

  it('adds the /__debug page’s configured third-party origins, and only those', () => {
    const origins = debugConnectOrigins({ DEBUG_IPINFO_URL: 'https://ipinfo.example/json?token=public', DEBUG_ECHO_URL: 'http://10.255.255.1/echo' });
    expect(origins).toEqual(['https://ipinfo.example', 'http://10.255.255.1']);
    expect(connectSrc(contentSecurityPolicy({ connectOrigins: origins }))).toBe("connect-src 'self' https://ipinfo.example http://10.255.255.1");
    expect(debugConnectOrigins({ DEBUG_IPINFO_URL: undefined, DEBUG_ECHO_URL: undefined })).toEqual([]);
    expect(debugConnectOrigins({ DEBUG_IPINFO_URL: 'https://same.example/a', DEBUG_ECHO_URL: 'https://same.example/b' })).toEqual(['https://same.example']);
  });
});
