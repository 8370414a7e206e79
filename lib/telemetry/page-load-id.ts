/**
 * The browser's ids (docs/product.md, Telemetry): every request carries a correlation id
 * header, and a per-page-load id names errors. One id per page load, shared by every chunk of the
 * page (kept on window), and a correlation id per request made from it: `{pageLoadId}.{n}`, which
 * the proxy keeps (it accepts [A-Za-z0-9._:-]{8,100}), so a server log line leads back to the
 * visit.
 */
const KEY = Symbol.for('watercolour.page-load-id');
type Holder = { [KEY]?: { id: string; requests: number } };

function state() {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= { id: newId(), requests: 0 });
}

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only on secure origins (https, localhost).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A page shown by a client-side navigation is a page load of its own: a new id from here on. */
export function startPageLoad(): void {
  (globalThis as Holder)[KEY] = { id: newId(), requests: 0 };
}

export function pageLoadId(): string {
  return state().id;
}

export function nextCorrelationId(): string {
  const s = state();
  s.requests += 1;
  return `${s.id}.${s.requests}`;
}

export const CORRELATION_HEADER = 'x-correlation-id';
