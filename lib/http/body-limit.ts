/**
 * The largest body a request through proxy.ts may have, in bytes. Next reads the whole body of
 * a request its proxy runs on before the route does (next/dist/server/body-streams.js: the
 * route waits for the body's end, and what passes proxyClientMaxBodySize is dropped, silently),
 * so proxy.ts's matcher leaves out anything longer, or of unknown length, and its route refuses
 * it before reading. Above what the proxied requests send: server actions are capped at 1 MB
 * (next.config.ts), bulk selections are 1,000 ids, telemetry 16 KB, the AI helper's image an
 * 800-wide JPEG (a larger one comes straight to its route, which caps it: lib/ai/handler.ts).
 */
export const PROXIED_BODY_LIMIT = 2_000_000;
