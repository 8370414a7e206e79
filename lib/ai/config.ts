import { env } from '@/lib/env';

/** What the AI helper needs to call a model; null when OPENAI_API_KEY is not set. */
export type AiConfig = { apiKey: string; baseURL?: string; model: string };

export const AI_NOT_CONFIGURED = 'AI is not configured';

/** How the owner turns the helper on; shown beside the AI buttons while it is off. */
export const AI_ENABLE_HINT =
  'Set OPENAI_API_KEY on the server (and OPENAI_BASE_URL and OPENAI_MODEL for a local or other OpenAI-compatible server), then restart the site.';

export function aiConfig(): AiConfig | null {
  const config = env();
  if (!config.OPENAI_API_KEY) return null;
  return { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL };
}
