import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { peerAddressHeader, recordPeerAddresses } from '@/lib/http/peer-address';

vi.mock('server-only', () => ({}));
const { clientAddress, UNKNOWN_ADDRESS } = await import('./client-info');

const h = (entries: Record<string, string>) => new Headers(entries);
const direct = { vercel: false, trustedProxyHops: 0, peerHeader: 'x-peer-test' };

describe('the client address throttling counts by', () => {
  it('with no trusted proxy (the default), is the socket address, whatever X-Forwarded-For claims', () => {
    expect(
      clientAddress(
        h({ 'x-peer-test': '203.0.113.9', 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2' }),
        direct,
      ),
    ).toBe('203.0.113.9');
    expect(clientAddress(h({ 'x-peer-test': '::ffff:127.0.0.1' }), direct)).toBe('127.0.0.1');
    expect(clientAddress(h({ 'x-peer-test': '2001:DB8::1' }), direct)).toBe('2001:db8::1');
    // No recorded socket address (the recorder is not installed): one shared, unknown bucket.
    expect(clientAddress(h({ 'x-forwarded-for': '198.51.100.1' }), { ...direct, peerHeader: null })).toBe(
      UNKNOWN_ADDRESS,
    );
  });

  it('behind N trusted proxies, is the Nth X-Forwarded-For entry from the right (each proxy appends what it saw)', () => {
    const chain = h({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2', 'x-peer-test': '10.0.0.3' });
    expect(clientAddress(chain, { ...direct, trustedProxyHops: 1 })).toBe('10.0.0.2');
    expect(clientAddress(chain, { ...direct, trustedProxyHops: 2 })).toBe('203.0.113.7');
    expect(clientAddress(chain, { ...direct, trustedProxyHops: 3 })).toBe('6.6.6.6');
    // Fewer entries than proxies: the request did not come through them all.
    expect(clientAddress(chain, { ...direct, trustedProxyHops: 4 })).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(h({}), { ...direct, trustedProxyHops: 1 })).toBe(UNKNOWN_ADDRESS);
  });

  it('must parse as an IP address: anything else is the unknown bucket, never a key of the client’s choosing', () => {
    for (const value of ['not-an-ip', '203.0.113.7:4711', '999.1.1.1', 'x'.repeat(200), "1.2.3.4' or 1=1", '']) {
      expect(clientAddress(h({ 'x-forwarded-for': value }), { ...direct, trustedProxyHops: 1 }), value).toBe(
        UNKNOWN_ADDRESS,
      );
    }
  });

  it('on Vercel, is the platform’s own x-vercel-forwarded-for (then x-real-ip), not X-Forwarded-For', () => {
    const vercel = { vercel: true, trustedProxyHops: 0, peerHeader: null };
    expect(
      clientAddress(
        h({ 'x-vercel-forwarded-for': '203.0.113.5', 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '203.0.113.6' }),
        vercel,
      ),
    ).toBe('203.0.113.5');
    expect(clientAddress(h({ 'x-real-ip': '203.0.113.6', 'x-forwarded-for': '6.6.6.6' }), vercel)).toBe('203.0.113.6');
    expect(clientAddress(h({ 'x-forwarded-for': '6.6.6.6' }), vercel)).toBe(UNKNOWN_ADDRESS);
  });
});

describe('the socket address recorder (lib/http/peer-address.ts)', () => {
  it('gives each request its socket address under a name of its own, replacing whatever a client sent', async () => {
    recordPeerAddresses();
    const name = peerAddressHeader();
    expect(name).toMatch(/^x-peer-[0-9a-f]{24}$/);
    const seen: (string | string[] | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers[name!]);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // A client that knows the name and claims another address.
      await fetch(`http://127.0.0.1:${port}/`, { headers: { [name!]: '6.6.6.6', 'x-forwarded-for': '6.6.6.6' } });
      await fetch(`http://127.0.0.1:${port}/`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(
      clientAddress(h({ [name!]: String(seen[0]), 'x-forwarded-for': '6.6.6.6' }), { ...direct, peerHeader: name }),
    ).toBe('127.0.0.1');
  });
});
