import { NextRequest, NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';

// env() is read once per process (one per test file): local accounts, no Supabase configured.
delete process.env.NEXT_PUBLIC_SUPABASE_URL;
delete process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY;
const { refreshSessionInProxy } = await import('./proxy');

describe("the auth port's entry for proxy.ts", () => {
  it('with local accounts refreshes nothing, even for a request carrying a Supabase-like cookie', async () => {
    const request = new NextRequest('http://localhost/admin', { headers: { cookie: 'sb-127-auth-token=stale' } });
    const apply = await refreshSessionInProxy(request);
    const response = NextResponse.next();
    apply(response);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(request.cookies.get('sb-127-auth-token')?.value).toBe('stale');
  });
});
