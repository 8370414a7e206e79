import { z } from 'zod';
import { MAX_DATA_URL_CHARS } from './image';

const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * Single mode (docs/product.md, Calls): the form's title, category, image and a few current values.
 */
export const singleRequestSchema = z.object({
  title: z.string().trim().min(1, 'Please provide a Title and an Image before using AI.').max(200),
  category: optionalText(100),
  imageUrl: z.string().min(1, 'Please provide a Title and an Image before using AI.').max(MAX_DATA_URL_CHARS),
  existing: z
    .object({
      slug: optionalText(200),
      description: optionalText(2000),
      imageAlt: optionalText(500),
      price: optionalText(60),
    })
    .partial()
    .nullish(),
});

/** Retrofit mode: a batch of artwork ids. Batches are small; 50 bounds one request's work. */
export const RETROFIT_MAX_IDS = 50;
export const retrofitRequestSchema = z.object({
  retrofitMode: z.literal(true),
  artworkIds: z
    .array(z.uuid())
    .min(1, 'No artworks to retrofit.')
    .max(RETROFIT_MAX_IDS, `At most ${RETROFIT_MAX_IDS} artworks a request.`),
});

export type SingleRequest = z.output<typeof singleRequestSchema>;
export type RetrofitRequest = z.output<typeof retrofitRequestSchema>;

export function parseGenerateRequest(
  body: unknown,
):
  | { ok: true; mode: 'single'; input: SingleRequest }
  | { ok: true; mode: 'retrofit'; input: RetrofitRequest }
  | { ok: false; error: string } {
  const isRetrofit = typeof body === 'object' && body !== null && 'retrofitMode' in body;
  const parsed = isRetrofit ? retrofitRequestSchema.safeParse(body) : singleRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid request.' };
  return isRetrofit
    ? { ok: true, mode: 'retrofit', input: parsed.data as RetrofitRequest }
    : { ok: true, mode: 'single', input: parsed.data as SingleRequest };
}
