import crypto from 'node:crypto';
import http from 'node:http';

/**
 * The socket address of each request, for code that only sees request headers. Next 16 gives
 * route handlers and server actions no socket address (NextRequest lost `ip` in v15), and it
 * fills `x-forwarded-for` from the socket only when the client sent none: a client that sends
 * its own is indistinguishable from a proxy. So the Node server records the peer under a header
 * name of this process's own (random, never sent by anyone else) before Next sees the request,
 * replacing whatever arrived under that name. Installed by lib/startup/server.ts; where it is
 * not installed there is no name, and readers get null (fail closed, never a client's claim).
 */
const NAME = Symbol.for('watercolour.http.peer-address');
type Holder = { [NAME]?: string };
const holder = globalThis as Holder;

export function peerAddressHeader(): string | null {
  return holder[NAME] ?? null;
}

export function recordPeerAddresses(proto: http.Server = http.Server.prototype): void {
  if (holder[NAME]) return;
  const header = `x-peer-${crypto.randomBytes(12).toString('hex')}`;
  holder[NAME] = header;
  const emit = proto.emit as (event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[header] = request.socket?.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  } as http.Server['emit'];
}
