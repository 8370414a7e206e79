import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received. */
export type ReceivedRequest = { method: string; path: string; contentType: string | undefined; body: unknown };

/**
 * A local stand-in for the IndexNow endpoint, for tests: records every request and answers with
 * the status `answer` picks (or never answers, to test timeouts).
 */
export async function startIndexNowStandIn() {
  const received: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest) => number | 'hang' = () => 202;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test says what it expected
      }
      const request = { method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'], body };
      received.push(request);
      const status = answer(request);
      if (status === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    received,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
