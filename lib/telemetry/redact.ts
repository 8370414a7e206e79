/**
 * Headers the network log never shows (docs/product.md, Network log panel): replaced by this
 * marker.
 */
export const REDACTED = '[redacted]';
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'apikey', 'api-key', 'x-api-key', 'cookie']);

export function redactHeaders(headers: Headers): [string, string][] {
  return Array.from(headers, ([name, value]): [string, string] => [
    name,
    SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value,
  ]);
}
