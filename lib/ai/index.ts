import { env } from '@/lib/env';
import { createAiClient } from './openai-adapter';
import type { AiClient, AiConfig } from './port';

/** The AI helper's settings from the environment (see lib/env.ts); null when OPENAI_API_KEY is not set. */
export function aiConfig(): AiConfig | null {
  const config = env();
  if (!config.OPENAI_API_KEY) return null;
  return { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL };
}

/** The client the app calls the model through, for these settings: the openai SDK (lib/ai/openai-adapter.ts). */
export function aiClient(config: AiConfig): AiClient {
  return createAiClient(config);
}

/** What other features use of ai besides the above. */
export { listAiRetrofitLogs, type AiRetrofitLog } from './retrofit-queries';
