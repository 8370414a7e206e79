import { z } from '@/lib/zod';

/**
 * The AI suggestion set (docs/product.md, AI helper). The model answers everything but `schema`:
 * the structured data is built by the server from the record and the approved text
 * (structured-data.ts), so it never states a size, medium or price the record does not hold.
 */
const line = z.string().trim().min(1).max(2000);
const paragraph = z.string().trim().min(1).max(20_000);

export const modelAnswerSchema = z
  .object({
    slug: line,
    shortHook: line,
    longDescription: paragraph,
    seoTitle: line,
    metaDescription: line,
    keywords: z.array(z.string().trim().min(1).max(100)).min(1).max(20),
    imageAlt: line,
    ogTitle: line,
    ogDescription: line,
    twitterTitle: line,
    twitterDescription: line,
    bulletUseCases: z.array(z.string().trim().min(1).max(300)).min(1).max(8),
    ai_notes: z.string().trim().max(2000),
  })
  .strict();

export type ModelAnswer = z.output<typeof modelAnswerSchema>;

export type AiSuggestion = ModelAnswer & { schema: Record<string, unknown> };

/**
 * The response format sent to the model: the same fields as a JSON schema with every property
 * required and no others, which OpenAI's strict structured output and the grammar-constrained
 * local servers (llama.cpp, vLLM, Ollama) all accept.
 */
export function answerJsonSchema(): Record<string, unknown> {
  const str = { type: 'string' };
  const list = { type: 'array', items: str };
  const properties = {
    slug: str,
    shortHook: str,
    longDescription: str,
    seoTitle: str,
    metaDescription: str,
    keywords: list,
    imageAlt: str,
    ogTitle: str,
    ogDescription: str,
    twitterTitle: str,
    twitterDescription: str,
    bulletUseCases: list,
    ai_notes: str,
  };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}
