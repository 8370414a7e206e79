import type { AiClient, AiUsage } from './port';
import { AiAnswerError } from './generate';
import { reaskMessages } from './prompt';
import { buildStoryMessages, type StoryFacts } from './story-prompt';
import { boundStoryAnswer, storyAnswerSchema, storyResponseFormat, type StorySuggestion } from './story-suggestion';

type Checked = { ok: true; suggestion: StorySuggestion } | { ok: false; problems: string[] };

/** Parses the model's text with zod and bounds it to the story's limits; says what is wrong otherwise. */
export function checkStoryAnswer(content: string, withAlt: boolean): Checked {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problems: ['The answer was not valid JSON.'] };
  }
  const parsed = storyAnswerSchema(withAlt).safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`),
    };
  return { ok: true, suggestion: boundStoryAnswer(parsed.data) };
}

/**
 * One story's suggestion set: ask, check, and when the answer is malformed ask once more with
 * the problems named. Text over a limit is cut, not re-asked. A second bad answer is an error:
 * nothing broken is ever returned. The cover, when given, is only there for the alt text.
 */
export async function generateStorySuggestion(
  client: AiClient,
  facts: StoryFacts,
  coverDataUrl: string | null,
): Promise<{ suggestion: StorySuggestion; usage: AiUsage[] }> {
  const withAlt = coverDataUrl !== null;
  const format = storyResponseFormat(withAlt);
  const usage: AiUsage[] = [];
  const messages = buildStoryMessages(facts, coverDataUrl);
  const first = await client.complete(messages, format);
  if (first.usage) usage.push(first.usage);
  let checked = checkStoryAnswer(first.content, withAlt);
  if (!checked.ok) {
    const second = await client.complete(
      reaskMessages(messages, first.content.slice(0, 20_000), checked.problems),
      format,
    );
    if (second.usage) usage.push(second.usage);
    checked = checkStoryAnswer(second.content, withAlt);
    if (!checked.ok)
      throw new AiAnswerError(`The AI's answer was unusable twice: ${checked.problems.join(' ')}`.slice(0, 600));
  }
  return { suggestion: checked.suggestion, usage };
}
