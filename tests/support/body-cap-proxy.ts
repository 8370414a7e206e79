import http from 'node:http';

/** Vercel's cap on a function's request body: 4.5 MB. */
export const VERCEL_BODY_LIMIT = 4.5 * 1024 * 1024;

/**
 * A reverse proxy that refuses request bodies over `limit` bytes as Vercel does before a
 * function runs (413, FUNCTION_PAYLOAD_TOO_LARGE), for the Supabase-mode browser tests: an
 * upload that only works with a bigger body fails there as it would on Vercel. Everything else
 * passes through unchanged, headers included.
 */
export function startBodyCapProxy({
  port,
  target,
  limit = VERCEL_BODY_LIMIT,
  host = '127.0.0.1',
}: {
  port: number;
  target: string;
  limit?: number;
  host?: string;
}): Promise<http.Server> {
  const refuse = (res: http.ServerResponse) => {
    if (!res.headersSent)
      res.writeHead(413, {
        'content-type': 'text/plain; charset=utf-8',
        'x-vercel-error': 'FUNCTION_PAYLOAD_TOO_LARGE',
        connection: 'close',
      });
    res.end('Request Entity Too Large\n\nFUNCTION_PAYLOAD_TOO_LARGE\n');
  };
  const server = http.createServer((req, res) => {
    // A refused body is read to its end before the answer, so the client sees the 413 rather
    // than a connection closed under its upload.
    const declared = Number(req.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      req.on('end', () => refuse(res));
      return;
    }
    const url = new URL(req.url ?? '/', target);
    const outgoing = http.request(url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    outgoing.on('error', () => {
      if (res.headersSent || res.writableEnded) return;
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    // A body without a declared length is counted as it passes.
    let seen = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (!over && seen > limit) {
        over = true;
        outgoing.destroy();
      }
      if (!over) outgoing.write(chunk);
    });
    req.on('end', () => (over ? refuse(res) : outgoing.end()));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
