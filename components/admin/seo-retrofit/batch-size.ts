/**
 * Retrofit batch size rules (docs/product.md, AI SEO Retrofit): default 5, minimum 1, non-numeric
 * becomes 1.
 */
export const DEFAULT_BATCH_SIZE = 5;
/** One request's cap on the server (lib/ai/request-schema.ts RETROFIT_MAX_IDS). */
export const MAX_BATCH_SIZE = 50;

const clamp = (n: number) => Math.min(MAX_BATCH_SIZE, Math.max(1, Math.floor(n)));

/** What the Batch Size box holds after the owner types: a number, at least 1; anything else 1. */
export function parseBatchInput(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? clamp(n) : 1;
}

/** The ?batch= preset: used only when numeric, raised to at least 1; otherwise the default. */
export function batchFromQuery(value: string | string[] | undefined): number {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || !/^\s*-?\d+(\.\d+)?\s*$/.test(first)) return DEFAULT_BATCH_SIZE;
  return clamp(Number(first));
}

/** The ids in batches of `size`, in order. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
