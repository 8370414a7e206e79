import net from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server that can hold the answer to a query: a fault
 * injected from outside the process under test, so the app needs no seam of its own
 * (lib/cache/durability.test.ts holds two renders right after their read).
 *
 * Every connection is piped both ways unchanged. hold(text) arms a hold: the first connection
 * that sends a message with `text` in it (UTF-8: postgres.js with `prepare: false` sends a
 * query's SQL in a Parse message and its parameters as text in a Bind message) is held from its
 * next Execute on: whatever the server sends back from then on is kept here, not delivered,
 * until the hold is released. Why the Execute and not the match itself: postgres.js sends a query
 * with parameters in two steps, Parse and Describe first, then Bind and Execute once it has the
 * parameter types; holding the answer to the Describe would hold the query before it runs.
 *
 * Only for tests, on plain (non-TLS) connections: it buffers without limit and ignores
 * back-pressure.
 */
export type Hold = {
  /**
   * Resolves once the query that sent the text has run: the server has begun to answer after its
   * Execute (PostgreSQL sends nothing back before the Sync that follows an Execute, or before its
   * send buffer fills with rows, so the query has read by then).
   */
  reached: Promise<void>;
  /** Delivers what was kept and lets the connection run on (once every hold on it is released). */
  release(): void;
};

export type HoldProxy = { port: number; hold(text: string): Hold; close(): Promise<void> };

type Armed = { text: Buffer; released: boolean; reach: () => void; flush: () => void };

// The codes of the untyped requests a client may send before its StartupMessage.
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * Splits what a client sends into PostgreSQL frontend messages, whole, however the bytes were
 * cut into chunks: a text split across two chunks is still seen. A message is its type byte and
 * an Int32 length (itself included) then its body; the start-up messages have no type byte
 * (`type` is '' for them).
 */
function frontendMessages(onMessage: (type: string, message: Buffer) => void) {
  let pending = Buffer.alloc(0);
  let startup = true;
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const typeBytes = startup ? 0 : 1;
      if (pending.length < typeBytes + 4) return;
      const end = typeBytes + pending.readInt32BE(typeBytes);
      if (pending.length < end) return;
      const message = pending.subarray(0, end);
      pending = pending.subarray(end);
      if (startup) {
        const code = message.length >= 8 ? message.readInt32BE(4) : 0;
        startup = code === SSL_REQUEST || code === GSSENC_REQUEST;
        onMessage('', message);
      } else {
        onMessage(String.fromCharCode(message[0]!), message);
      }
    }
  };
}

export async function startHoldProxy(target: { host: string; port: number }): Promise<HoldProxy> {
  const waiting = new Set<Armed>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      // A reset or a server going away ends both sides; it is never an unhandled error here.
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    // Holds this connection matched, waiting for its next Execute; then holding its answers.
    const matched = new Set<Armed>();
    const holding = new Set<Armed>();
    const kept: Buffer[] = [];
    const flush = () => {
      for (const hold of holding) if (hold.released) holding.delete(hold);
      if (holding.size > 0) return;
      for (const chunk of kept.splice(0)) if (!client.destroyed) client.write(chunk);
    };
    const read = frontendMessages((type, message) => {
      for (const hold of waiting) {
        if (!message.includes(hold.text)) continue;
        waiting.delete(hold);
        hold.flush = flush;
        matched.add(hold);
      }
      // Execute (extended protocol) or Query (simple protocol, which carries its SQL itself).
      if (type !== 'E' && type !== 'Q') return;
      for (const hold of matched) if (!hold.released) holding.add(hold);
      matched.clear();
    });
    client.on('data', (chunk: Buffer) => {
      // Read before forwarding: a hold set by this chunk is in place before any answer to it.
      read(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      flush();
      if (holding.size === 0) {
        client.write(chunk);
        return;
      }
      kept.push(chunk);
      for (const hold of holding) hold.reach();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    hold(text) {
      let reach = () => {};
      const reached = new Promise<void>((resolve) => (reach = resolve));
      const armed: Armed = { text: Buffer.from(text, 'utf8'), released: false, reach, flush: () => {} };
      waiting.add(armed);
      return {
        reached,
        release() {
          armed.released = true;
          waiting.delete(armed);
          armed.flush();
        },
      };
    },
    async close() {
      waiting.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
