import { z } from 'zod';
import { SAFE_ID, TELEMETRY_LIMITS as LIMITS } from '@/lib/telemetry/limits';

/**
 * The events the site's own browser module sends (lib/telemetry/client-report.ts and friends),
 * and nothing else: fixed levels, types and features, bounded strings, no unknown fields. Text
 * that PostgreSQL cannot store (NUL, lone UTF-16 surrogates) is refused here, so one bad event
 * can never fail a batched insert of good ones.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function storableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const text = (max: number) => z.string().max(max).refine(storableText, 'contains characters that cannot be stored');

/** JSON values whose strings and keys are all storable (jsonb refuses \u0000 and lone surrogates). */
function storableJson(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.every((item) => storableJson(item, depth + 1));
  if (typeof value === 'object')
    return Object.entries(value).every(([key, item]) => storableText(key) && storableJson(item, depth + 1));
  return false;
}

export const telemetryLevels = ['info', 'warn', 'error'] as const;
// 'insight': a page view or a click the owner's Insights count (lib/insights/from-telemetry.ts);
// never a logs_app row.
export const telemetryTypes = ['frontend', 'metric', 'insight'] as const;
export const telemetryFeatures = ['global', 'promise', 'fetch', 'web-vitals', 'view', 'enquiry', 'share'] as const;
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const telemetryEventSchema = z.strictObject({
  level: z.enum(telemetryLevels),
  type: z.enum(telemetryTypes),
  feature: z.enum(telemetryFeatures),
  message: text(LIMITS.message).min(1),
  url: text(LIMITS.url).optional(),
  method: z.enum(methods).optional(),
  status: z.int().min(0).max(599).optional(),
  stack: text(LIMITS.stack).optional(),
  meta: z
    .record(z.string().max(60), z.json())
    .refine((meta) => storableJson(meta), 'contains characters that cannot be stored')
    .optional(),
});

export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

const pageLoadId = z.string().regex(SAFE_ID).optional();

/** A batch `{ pageLoadId, events: [...] }`, or one event with its pageLoadId beside its fields. */
export const telemetryBodySchema = z.union([
  z.strictObject({ pageLoadId, events: z.array(telemetryEventSchema).min(1).max(LIMITS.events) }),
  telemetryEventSchema
    .extend({ pageLoadId })
    .transform(({ pageLoadId: id, ...event }) => ({ pageLoadId: id, events: [event] })),
]);

export type TelemetryBody = { pageLoadId?: string; events: TelemetryEvent[] };

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}
