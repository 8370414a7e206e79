import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { UserFacingError } from '@/lib/http/user-facing-error';

/**
 * The AI port: a model behind any OpenAI-compatible server. The openai SDK implements it
 * (lib/ai/openai-adapter.ts); lib/ai/index.ts builds it from the environment. Code outside lib/ai/
 * programs against these types.
 */

/** What the AI helper needs to call a model; lib/ai/index.ts gives null when OPENAI_API_KEY is not set. */
export type AiConfig = { apiKey: string; baseURL?: string; model: string };

/** One model call's wait; a batch of five runs in parallel well within a route's time. */
export const AI_TIMEOUT_MS = 60_000;

export type AiUsage = { promptTokens: number; completionTokens: number; totalTokens: number };

/** The model's raw answer to one conversation. */
export type AiCompletion = { content: string; usage: AiUsage | null };

/** The structured-output schema the answer must follow (OpenAI's json_schema response format). */
export type AiResponseFormat = { name: string; schema: Record<string, unknown> };

/** A call answers the artworks' suggestion set unless it names another format. */
export type AiClient = {
  model: string;
  complete(messages: ChatCompletionMessageParam[], format?: AiResponseFormat): Promise<AiCompletion>;
};

/** A failure of the AI server, in words for the owner (the details go to the server log). */
export class AiServiceError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = 'AiServiceError';
  }
}
