import { publicMessage, UserFacingError } from '@/lib/http/user-facing-error';
import { isSlugTaken } from '@/lib/artworks';
import { readCapped, type BodyDeadlines } from '@/lib/http/read-capped';
import { asAdmin } from '@/lib/db/roles';
import { uniqueSlug } from '@/lib/slug';
import { AI_ENABLE_HINT, AI_NOT_CONFIGURED } from './messages';
import { AiServiceError, type AiClient, type AiConfig } from './port';
import { AiAnswerError, generateSuggestion } from './generate';
import { imageForModel, MAX_DATA_URL_CHARS } from './image';
import { parseGenerateRequest, type SingleRequest } from './request-schema';
import { retrofitArtworks, type RetrofitDeps } from './retrofit';
import type { AiSuggestion } from './suggestion';

export type HandlerDeps = Omit<RetrofitDeps, 'ai'> & {
  config: AiConfig | null;
  client: (config: AiConfig) => AiClient;
};

const noStore = { 'Cache-Control': 'no-store' };
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: noStore });

/**
 * The largest request: a data URL at its limit and the form's few texts. A body over 2 MB
 * reaches this route without passing proxy.ts, whole (proxy.ts config), so it is capped here.
 */
export const MAX_GENERATE_REQUEST_BYTES = MAX_DATA_URL_CHARS + 64 * 1024;
// 4 MB take 32 s at 1 Mbit/s; the browser sends far less (an 800-wide JPEG).
const REQUEST_DEADLINES: BodyDeadlines = { idleMs: 30_000, totalMs: 120_000 };

/**
 * generate-artwork-details (docs/product.md, Calls), both modes. Without OPENAI_API_KEY: 503 'AI is
 * not configured' and how to enable it; nothing pretends to be AI.
 */
export async function handleGenerateRequest(request: Request, deps: HandlerDeps): Promise<Response> {
  if (!deps.config) return json({ error: AI_NOT_CONFIGURED, hint: AI_ENABLE_HINT }, 503);
  const read = await readCapped(request.body, MAX_GENERATE_REQUEST_BYTES, REQUEST_DEADLINES);
  if (!read.ok)
    return read.reason === 'too-large'
      ? json({ error: 'The request is too large: the image must be a JPEG, PNG or WebP under 3 MB.' }, 413)
      : json({ error: 'The request arrived too slowly. Please try again.' }, 408);
  const parsed = parseGenerateRequest(parseJson(read.body));
  if (!parsed.ok) return json({ error: parsed.error }, 400);
  const ai = deps.client(deps.config);
  if (parsed.mode === 'retrofit') {
    try {
      const results = await retrofitArtworks({ ...deps, ai }, parsed.input.artworkIds);
      return json({ results, fatal: false, error: null });
    } catch (error) {
      await deps.log({
        level: 'error',
        feature: 'ai',
        message: `AI retrofit batch failed: ${error instanceof Error ? error.message : String(error)}`,
      });
      return json({ results: [], fatal: true, error: publicMessage(error) }, 500);
    }
  }
  try {
    return json(await suggestForForm({ ...deps, ai }, parsed.input));
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    await deps.log({
      level: 'error',
      feature: 'ai',
      message: `AI generation failed: ${error.message}`,
      meta: { title: parsed.input.title },
    });
    return json(
      { error: error.message },
      error instanceof AiServiceError || error instanceof AiAnswerError ? 502 : 422,
    );
  }
}

/** Single mode: the suggestion set for the form, its slug free (the artwork's own slug counts as free). */
async function suggestForForm(
  deps: Omit<HandlerDeps, 'client'> & { ai: AiClient },
  input: SingleRequest,
): Promise<AiSuggestion> {
  const image = await imageForModel(deps.storage, input.imageUrl);
  const existing = input.existing ?? {};
  const { suggestion } = await generateSuggestion(
    deps.ai,
    {
      title: input.title,
      category: input.category ?? null,
      slug: existing.slug,
      description: existing.description,
      imageAlt: existing.imageAlt,
      price: existing.price,
    },
    image,
  );
  const own = existing.slug?.trim() || null;
  const slug = await asAdmin(deps.db, deps.claims, (tx) =>
    uniqueSlug(suggestion.slug, async (candidate) => candidate !== own && (await isSlugTaken(tx, candidate))),
  );
  return { ...suggestion, slug };
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}
