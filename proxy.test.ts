import * as staticInfo from 'next/dist/build/analysis/get-page-static-info';
import {
  getMiddlewareRouteMatcher,
  type MiddlewareRouteMatch,
} from 'next/dist/shared/lib/router/utils/middleware-route-matcher';
import { describe, expect, it } from 'vitest';
import { PROXIED_BODY_LIMIT } from '@/lib/http/body-limit';
import { config } from './proxy';

// The matcher as Next compiles and applies it (next/dist/build, next/dist/server): whether a
// request runs proxy.ts, which makes Next read its whole body before the route runs.
// getMiddlewareMatchers is exported by Next's build but left out of its type declarations.
const { getMiddlewareMatchers } = staticInfo as unknown as {
  getMiddlewareMatchers: (matcher: unknown, nextConfig: object) => Parameters<typeof getMiddlewareRouteMatcher>[0];
};
const matches: MiddlewareRouteMatch = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
const proxied = (pathname: string, headers: Record<string, string> = {}) => matches(pathname, { headers } as never, {});

describe('proxy.ts matcher', () => {
  it('still runs the proxy on what it is for, bodiless or with a small body', () => {
    for (const pathname of [
      '/admin',
      '/admin/artworks/add',
      '/__debug',
      '/debug/health-check',
      '/api/generate-sitemap',
      '/search',
      '/abc.txt',
      '/gallery/%E0%A4%A',
    ]) {
      expect(proxied(pathname), pathname).toBe(true);
      expect(proxied(pathname, { 'content-length': String(PROXIED_BODY_LIMIT - 1) }), pathname).toBe(true);
    }
    expect(proxied('/contact', { 'next-action': 'abc', 'content-length': '1048576' })).toBe(true);
    expect(proxied('/admin.json')).toBe(true);
    for (const pathname of [
      '/',
      '/gallery',
      '/gallery/buildings/herne-hill-rooftops-in-the-rain',
      '/blog/painting-stillness',
      '/administrator',
      '/debugging',
      '/searching',
      '/api',
      '/notes/abc.txt',
      '/api/upload-artwork-image',
      '/api/supabase/auth/v1/token',
    ])
      expect(proxied(pathname), pathname).toBe(false);
  });

  it('checks a public page against two patterns, which Next compiles anew on every request', () => {
    // One for the paths the proxy is for, one for server actions (docs/benchmarks.md).
    expect(config.matcher).toHaveLength(2);
  });

  it('leaves out a body of the limit or more, or of unknown length, so its route can refuse it unread', () => {
    const large = [String(PROXIED_BODY_LIMIT), '2500000', '9999999', '10485760', '0000000001'];
    for (const pathname of [
      '/admin',
      '/__debug',
      '/debug/x',
      '/api/generate-sitemap',
      '/api/generate-artwork-details',
      '/search',
      '/abc.txt',
      '/x%41',
    ]) {
      for (const length of large)
        expect(proxied(pathname, { 'content-length': length }), `${pathname} ${length}`).toBe(false);
      expect(proxied(pathname, { 'transfer-encoding': 'chunked' }), pathname).toBe(false);
    }
    expect(proxied('/contact', { 'next-action': 'abc', 'content-length': '5000000' })).toBe(false);
    expect(proxied('/contact', { 'next-action': 'abc', 'transfer-encoding': 'chunked' })).toBe(false);
  });

  it('has the body condition in every entry (Next reads the config statically: it is written out in each)', () => {
    const condition = [
      { type: 'header', key: 'content-length', value: '(?:[2-9]\\d{6}|\\d{8,})' },
      { type: 'header', key: 'transfer-encoding' },
    ];
    for (const entry of config.matcher) expect(entry.missing, entry.source).toEqual(condition);
    // The condition's number is the limit: 7 digits from 2,000,000.
    expect(PROXIED_BODY_LIMIT).toBe(2_000_000);
  });
});

describe('proxy.ts and the newsletter’s one-click unsubscribe', () => {
  it('lets a mailbox provider’s cross-site POST through to its route (RFC 8058: no cookies, another origin)', async () => {
    const { proxy } = await import('./proxy');
    const { NextRequest } = await import('next/server');
    const path = '/api/newsletter/unsubscribe';
    expect(proxied(path, { 'content-length': '26' })).toBe(true);
    const response = await proxy(
      new NextRequest(`https://elenamarsh.example${path}?token=${'a'.repeat(64)}`, {
        method: 'POST',
        headers: {
          origin: 'https://mail.provider.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    // Passed on as asked: not answered, not rewritten.
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });
});
