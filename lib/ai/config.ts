import { env } from '@/lib/env';

/** What the AI helper needs to call a model; null when OPENAI_API_KEY is not set. */
export type AiConfig = { apiKey: string; baseURL?: string; model: string };

export { AI_ENABLE_HINT, AI_NOT_CONFIGURED } from './messages';

export function aiConfig(): AiConfig | null {
  const config = env();
  if (!config.OPENAI_API_KEY) return null;
  return { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL };
}
