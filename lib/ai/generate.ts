import { UserFacingError } from '@/lib/http/user-facing-error';
import type { AiClient, AiUsage } from './port';
import { repairAnswer } from './limits';
import { buildMessages, reaskMessages, type ArtworkFacts } from './prompt';
import { artworkStructuredData } from './structured-data';
import { modelAnswerSchema, type AiSuggestion, type ModelAnswer } from './suggestion';

export class AiAnswerError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = 'AiAnswerError';
  }
}

type Checked = { ok: true; answer: ModelAnswer } | { ok: false; problems: string[] };

/** Parses the model's text with zod, repairs what can be repaired, and says what is still wrong. */
export function checkAnswer(content: string, title: string): Checked {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problems: ['The answer was not valid JSON.'] };
  }
  const parsed = modelAnswerSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`),
    };
  }
  const { answer, problems } = repairAnswer(parsed.data, title);
  return problems.length === 0 ? { ok: true, answer } : { ok: false, problems };
}

/**
 * One artwork's suggestion set: ask, check, and when the answer is malformed or breaks a limit
 * that cannot be repaired, ask once more with the problems named. A second bad answer is an
 * error: nothing broken is ever returned (so never saved).
 */
export async function generateSuggestion(
  client: AiClient,
  facts: ArtworkFacts,
  imageDataUrl: string,
): Promise<{ suggestion: AiSuggestion; usage: AiUsage[] }> {
  const usage: AiUsage[] = [];
  const messages = buildMessages(facts, imageDataUrl);
  const first = await client.complete(messages);
  if (first.usage) usage.push(first.usage);
  let checked = checkAnswer(first.content, facts.title);
  if (!checked.ok) {
    const second = await client.complete(reaskMessages(messages, first.content.slice(0, 20_000), checked.problems));
    if (second.usage) usage.push(second.usage);
    checked = checkAnswer(second.content, facts.title);
    if (!checked.ok)
      throw new AiAnswerError(`The AI's answer was unusable twice: ${checked.problems.join(' ')}`.slice(0, 600));
  }
  return { suggestion: { ...checked.answer, schema: artworkStructuredData(facts, checked.answer) }, usage };
}
