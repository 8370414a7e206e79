import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendLargeStringBodiesAsBuffers } from './string-bodies';

// A page-sized body with characters of one, two and three UTF-8 bytes.
const page = `<!DOCTYPE html><p>Prices from £450.00 — Elena’s studio ©</p>${'<li>Watercolour 🎨</li>'.repeat(3000)}`;

class PatchedResponse extends http.ServerResponse {}

describe('sendLargeStringBodiesAsBuffers', () => {
  let server: http.Server;
  let origin: string;
  let callbacks = 0;

  beforeAll(async () => {
    sendLargeStringBodiesAsBuffers(PatchedResponse.prototype);
    server = http.createServer({ ServerResponse: PatchedResponse }, (req, res) => {
      const body = req.url === '/latin1' ? 'é'.repeat(20_000) : req.url === '/small' ? 'Gallery £' : page;
      const encoding: BufferEncoding = req.url === '/latin1' ? 'latin1' : 'utf8';
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body, encoding));
      if (req.url === '/callback') res.end(body, () => callbacks++);
      else res.end(body, encoding);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a large string body byte for byte, with the Content-Length the caller computed', async () => {
    const response = await fetch(`${origin}/page`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(Buffer.from(page, 'utf8'))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  });

  it('honours the encoding the caller named', async () => {
    const bytes = Buffer.from(await (await fetch(`${origin}/latin1`)).arrayBuffer());
    expect(bytes.equals(Buffer.from('é'.repeat(20_000), 'latin1'))).toBe(true);
  });

  it('leaves small bodies and callbacks working', async () => {
    expect(await (await fetch(`${origin}/small`)).text()).toBe('Gallery £');
    expect(await (await fetch(`${origin}/callback`)).text()).toBe(page);
    await vi.waitFor(() => expect(callbacks).toBe(1));
  });

  it('encodes a body sent again only once, and keeps a bounded number of them', () => {
    const end = vi.fn();
    const proto = { end } as unknown as http.ServerResponse;
    const pageBytes = Buffer.byteLength(page);
    sendLargeStringBodiesAsBuffers(proto, { maxCachedBytes: 2 * pageBytes });
    const other = page.replace('£450.00', '£480.00');
    const third = page.replace('£450.00', '£520.00');
    proto.end(page);
    proto.end(page);
    const [first, again] = end.mock.calls.map((call) => call[0] as Buffer);
    expect(again).toBe(first);
    expect(first!.equals(Buffer.from(page))).toBe(true);
    // Two bodies fit; a third pushes out the least recently sent (the page, then not touched).
    proto.end(other);
    proto.end(other);
    expect(end.mock.calls[3]![0]).toBe(end.mock.calls[2]![0]);
    expect((end.mock.calls[3]![0] as Buffer).equals(Buffer.from(other))).toBe(true);
    proto.end(third);
    proto.end(page);
    expect(end.mock.calls[5]![0]).not.toBe(first);
    expect((end.mock.calls[5]![0] as Buffer).equals(Buffer.from(page))).toBe(true);
  });

  it('hands Node a Buffer for a large string, the string itself for a small one, and keeps the callback', () => {
    const end = vi.fn();
    const proto = { end } as unknown as http.ServerResponse;
    sendLargeStringBodiesAsBuffers(proto);
    sendLargeStringBodiesAsBuffers(proto); // a second install changes nothing
    const done = () => {};
    proto.end(page, 'utf8', done);
    expect(Buffer.isBuffer(end.mock.calls[0]![0])).toBe(true);
    expect(end.mock.calls[0]!.slice(1)).toEqual([done]);
    proto.end('short', done);
    expect(end.mock.calls[1]).toEqual(['short', done]);
    expect(end).toHaveBeenCalledTimes(2);
  });
});
