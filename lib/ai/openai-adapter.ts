import OpenAI from 'openai';
import { logger } from '@/lib/log/logger';
import { AI_TIMEOUT_MS, AiServiceError, type AiClient, type AiConfig, type AiResponseFormat } from './port';
import { answerJsonSchema } from './suggestion';

/** The artworks' suggestion set: what a call answers unless it names another format. */
const artworkFormat = (): AiResponseFormat => ({ name: 'artwork_details', schema: answerJsonSchema() });

/**
 * The openai SDK against any OpenAI-compatible server. The SDK's own retry covers exactly the
 * transient failures (429, 408, 409, 5xx, a dropped connection, a timeout), with backoff and
 * Retry-After; one retry, so a batch never waits long on a server that is down.
 */
export function createAiClient(config: AiConfig, options: { timeoutMs?: number } = {}): AiClient {
  const openai = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: options.timeoutMs ?? AI_TIMEOUT_MS,
    maxRetries: 1,
  });
  return {
    model: config.model,
    async complete(messages, format = artworkFormat()) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await openai.chat.completions.create({
          model: config.model,
          messages,
          response_format: {
            type: 'json_schema',
            json_schema: { name: format.name, strict: true, schema: format.schema },
          },
        });
      } catch (error) {
        throw describeFailure(error);
      }
      const usage = completion.usage
        ? {
            promptTokens: completion.usage.prompt_tokens,
            completionTokens: completion.usage.completion_tokens,
            totalTokens: completion.usage.total_tokens,
          }
        : null;
      logger.info({ feature: 'ai', model: config.model, usage }, 'AI call token usage');
      const choice = completion.choices[0];
      if (choice?.message.refusal)
        throw new AiServiceError(`The AI declined to answer: ${choice.message.refusal.slice(0, 300)}`);
      return { content: choice?.message.content ?? '', usage };
    },
  };
}

function describeFailure(error: unknown): Error {
  logger.warn({ err: error, feature: 'ai' }, 'AI call failed');
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new AiServiceError('The AI server did not answer in time.');
  if (error instanceof OpenAI.APIConnectionError) return new AiServiceError('Could not reach the AI server.');
  if (error instanceof OpenAI.APIError) {
    const detail = error.message.replace(/^\d{3}\s*/, '').slice(0, 300);
    return new AiServiceError(
      `The AI server answered ${error.status ?? 'with an error'}${detail ? `: ${detail}` : ''}`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
