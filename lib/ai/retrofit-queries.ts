import { desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { artworks, logsAiRetrofit } from '@/lib/db/schema';

/** An artwork the retrofit would fill in (docs/product.md, AI SEO Retrofit). */
export type RetrofitCandidate = { id: string; title: string; status: string };

/** One row of the AI Retrofit Logs screen; title is null once the artwork is gone. */
export type AiRetrofitLog = {
  id: number;
  createdAt: Date;
  artworkId: string | null;
  title: string | null;
  functionName: string;
  errorMessage: string;
};

export const AI_LOG_LIMIT = 100;

const blank = (column: typeof artworks.seoTitle | typeof artworks.longStoryDescription) =>
  or(isNull(column), eq(sql`btrim(${column})`, ''));

/** The retrofit candidate select: seo_title or long_story_description null or empty, oldest first. */
export async function listRetrofitCandidates(tx: Tx): Promise<RetrofitCandidate[]> {
  return tx
    .select({ id: artworks.id, title: artworks.title, status: artworks.status })
    .from(artworks)
    .where(or(blank(artworks.seoTitle), blank(artworks.longStoryDescription)))
    .orderBy(artworks.createdAt, artworks.id);
}

/** logs_ai_retrofit with the joined artwork title, newest first, the latest 100. */
export async function listAiRetrofitLogs(tx: Tx, limit = AI_LOG_LIMIT): Promise<AiRetrofitLog[]> {
  return tx
    .select({
      id: logsAiRetrofit.id,
      createdAt: logsAiRetrofit.createdAt,
      artworkId: logsAiRetrofit.artworkId,
      title: artworks.title,
      functionName: logsAiRetrofit.functionName,
      errorMessage: logsAiRetrofit.errorMessage,
    })
    .from(logsAiRetrofit)
    .leftJoin(artworks, eq(artworks.id, logsAiRetrofit.artworkId))
    .orderBy(desc(logsAiRetrofit.createdAt), desc(logsAiRetrofit.id))
    .limit(limit);
}

export async function recordAiRetrofitFailure(
  tx: Tx,
  entry: { artworkId: string | null; functionName: string; errorMessage: string },
): Promise<void> {
  await tx.insert(logsAiRetrofit).values({ ...entry, errorMessage: entry.errorMessage.slice(0, 4000) });
}

/** Delete all rows (a filter of id not equal to 0); returns how many went. */
export async function clearAiRetrofitLogs(tx: Tx): Promise<number> {
  const rows = await tx.delete(logsAiRetrofit).where(ne(logsAiRetrofit.id, 0)).returning({ id: logsAiRetrofit.id });
  return rows.length;
}
