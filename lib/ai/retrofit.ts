import { z } from 'zod';
import { publicMessage, UserFacingError } from '@/lib/http/user-facing-error';
import { artworkChangePaths } from '@/lib/search-engines/changes';
import type { Database, Tx } from '@/lib/db/port';
import { getArtworkById, updateArtwork, type Artwork, type ArtworkWrite } from '@/lib/artworks';
import { recordAiRetrofitFailure } from '@/lib/ai/retrofit-queries';
import { asAdmin, type Claims } from '@/lib/db/roles';
import type { AppLogEntry } from '@/lib/log/app-log';
import type { StoragePort } from '@/lib/storage/port';
import type { AiClient } from './port';
import { retrofitFields } from './fields';
import { generateSuggestion } from './generate';
import { imageForModel } from './image';
import { mapWithLimit } from './pool';
import type { AiSuggestion } from './suggestion';

/** Model calls at once within one batch request: enough to overlap, few enough for a small server. */
export const RETROFIT_CONCURRENCY = 4;
export const RETROFIT_FUNCTION = 'generate-artwork-details';

export type RetrofitResult = { id: string; ok: boolean; error: string | null };

export type RetrofitDeps = {
  db: Database;
  claims: Claims;
  storage: Pick<StoragePort, 'readPublic'>;
  ai: AiClient;
  invalidate: (change: { slugs: string[]; redirects: boolean }) => void;
  log: (entry: AppLogEntry) => Promise<void>;
  /** Queues the public paths a write changed for search-engine notification, inside its transaction. */
  queueChanges: (tx: Tx, paths: string[]) => Promise<void>;
  concurrency?: number;
};

type Column = (typeof retrofitFields)[number]['field'];

/** What a retrofit keeps in previous_content, so 'Restore previous text' can undo it. */
export const previousContentSchema = z.object({
  source: z.literal('ai-retrofit'),
  at: z.string(),
  previous: z.record(z.string(), z.unknown()),
  applied: z.record(z.string(), z.unknown()),
});
export type PreviousContent = z.output<typeof previousContentSchema>;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The retrofit's candidate rule (docs/product.md, AI SEO Retrofit): an SEO title or a long
 * description is missing.
 */
export const needsRetrofit = (row: Pick<Artwork, 'seoTitle' | 'longStoryDescription'>) =>
  isEmpty(row.seoTitle) || isEmpty(row.longStoryDescription);

/**
 * The values a retrofit writes: only the fields the owner left empty, never one she filled.
 * The slug is never touched, so the page keeps its address and no redirect is needed.
 */
export function retrofitChange(
  row: Artwork,
  suggestion: AiSuggestion,
  now: Date,
): { values: Partial<ArtworkWrite>; previous: PreviousContent | null } {
  const previous: Record<string, unknown> = {};
  const applied: Record<string, unknown> = {};
  for (const { key, field } of retrofitFields) {
    if (!isEmpty(row[field as Column])) continue;
    previous[field] = row[field as Column] ?? null;
    applied[field] = suggestion[key];
  }
  if (isEmpty(row.schemaJson)) {
    previous.schemaJson = row.schemaJson ?? null;
    applied.schemaJson = suggestion.schema;
  }
  const filled = Object.keys(applied).length > 0;
  return {
    values: {
      ...(applied as Partial<ArtworkWrite>),
      aiNotes: suggestion.ai_notes || null,
      lastAiGeneratedAt: now,
      ...(filled ? { previousContent: { source: 'ai-retrofit', at: now.toISOString(), previous, applied } } : {}),
    },
    previous: filled ? { source: 'ai-retrofit', at: now.toISOString(), previous, applied } : null,
  };
}

/**
 * The retrofit mode of generate-artwork-details: each artwork on its own (one failure never
 * stops the others), a bounded number of model calls at once. A failure is written to
 * logs_ai_retrofit and to the application log (feature 'ai').
 */
export async function retrofitArtworks(deps: RetrofitDeps, ids: string[]): Promise<RetrofitResult[]> {
  return mapWithLimit(ids, deps.concurrency ?? RETROFIT_CONCURRENCY, async (id) => {
    try {
      await retrofitOne(deps, id);
      return { id, ok: true, error: null };
    } catch (error) {
      const message = publicMessage(error);
      await recordFailure(deps, id, message, error);
      return { id, ok: false, error: message };
    }
  });
}

async function retrofitOne(deps: RetrofitDeps, id: string): Promise<void> {
  const row = await asAdmin(deps.db, deps.claims, (tx) => getArtworkById(tx, id));
  if (!row) throw new UserFacingError('Artwork not found.');
  if (!needsRetrofit(row)) return;
  const image = row.imageThumb800Url ?? row.imageUrl;
  if (!image) throw new UserFacingError('The artwork has no image.');
  const { suggestion } = await generateSuggestion(deps.ai, row, await imageForModel(deps.storage, image));
  const written = await asAdmin(deps.db, deps.claims, async (tx) => {
    // Read again inside the write: the owner may have filled a field while the model wrote.
    const current = await getArtworkById(tx, id);
    if (!current) throw new UserFacingError('Artwork not found.');
    const { values } = retrofitChange(current, suggestion, new Date());
    await updateArtwork(tx, id, values);
    const isPublic = current.status === 'published' && !current.isArchived;
    if (isPublic) await deps.queueChanges(tx, artworkChangePaths([current]));
    return current;
  });
  deps.invalidate({ slugs: [written.slug], redirects: false });
}

async function recordFailure(deps: RetrofitDeps, id: string, message: string, error: unknown): Promise<void> {
  await deps.log({
    level: 'error',
    feature: 'ai',
    message: `AI retrofit failed for artwork ${id}: ${message}`,
    meta: { artworkId: id, detail: error instanceof Error ? error.message : String(error) },
  });
  try {
    // The artwork may be gone: the log row keeps no dangling reference then.
    await asAdmin(deps.db, deps.claims, async (tx) => {
      const exists = await getArtworkById(tx, id);
      await recordAiRetrofitFailure(tx, {
        artworkId: exists ? id : null,
        functionName: RETROFIT_FUNCTION,
        errorMessage: message,
      });
    });
  } catch (logError) {
    await deps.log({
      level: 'error',
      feature: 'ai',
      message: `Could not record an AI retrofit failure: ${logError instanceof Error ? logError.message : String(logError)}`,
      meta: { artworkId: id },
    });
  }
}
