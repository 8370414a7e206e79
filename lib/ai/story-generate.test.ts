import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORY_LIMITS } from '@/lib/stories/fields';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/tests/support/openai-stand-in';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { createAiClient } = await import('./openai-adapter');
const { AiAnswerError } = await import('./generate');
const { generateStorySuggestion } = await import('./story-generate');
const { storyAnswerSchema, boundTags, STORY_FORMAT_NAME } = await import('./story-suggestion');

type UserPart = { type: string; text?: string; image_url?: { url: string } };

// The story helper against the local OpenAI-compatible stand-in: what is sent, what comes back
// and how an answer over the story's limits is cut. Never a real provider.
describe('generateStorySuggestion against an OpenAI-compatible server', () => {
  let standIn: OpenAiStandIn;
  let cover: string;
  const facts = {
    title: 'Why I Paint the Same Pond Every Winter',
    category: 'Inspiration',
    text: 'Every winter I walk to the pond in Dulwich Park.\nThe ice changes the light.',
  };
  const client = () => createAiClient({ apiKey: 'test-key', baseURL: standIn.url, model: 'stand-in-model' });
  const userParts = (index = 0) =>
    standIn.requests[index]!.body.messages!.find((m) => m.role === 'user')!.content as UserPart[];
  const schemaOf = (index = 0) => standIn.requests[index]!.body.response_format!.json_schema!;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    const webp = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#8aa' } })
      .webp()
      .toBuffer();
    cover = `data:image/webp;base64,${webp.toString('base64')}`;
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.options.script = [];
  });

  it('sends the title and the story text, in her voice and British English, with a strict schema and no image without a cover', async () => {
    const { suggestion } = await generateStorySuggestion(client(), facts, null);
    expect(standIn.requests).toHaveLength(1);
    const format = schemaOf();
    expect(format.name).toBe(STORY_FORMAT_NAME);
    expect(format.strict).toBe(true);
    const schema = format.schema as { required: string[]; additionalProperties: boolean };
    expect([...schema.required].sort()).toEqual(Object.keys(storyAnswerSchema(false).shape).sort());
    expect(schema.required).not.toContain('imageAlt');
    expect(schema.additionalProperties).toBe(false);
    const parts = userParts();
    expect(parts.some((p) => p.type === 'image_url')).toBe(false);
    const text = parts.find((p) => p.type === 'text')!.text!;
    expect(text).toContain('Title: Why I Paint the Same Pond Every Winter');
    expect(text).toContain('Category: Inspiration');
    expect(text).toContain('Every winter I walk to the pond in Dulwich Park.');
    const system = standIn.requests[0]!.body.messages!.find((m) => m.role === 'system')!.content as string;
    expect(system).toMatch(/Elena Marsh/);
    expect(system).toMatch(/South London/);
    expect(system).toMatch(/British English/);
    expect(suggestion.imageAlt).toBeNull();
  });

  it('parses the answer into the suggestion set, within the story limits', async () => {
    const { suggestion, usage } = await generateStorySuggestion(client(), facts, null);
    expect(suggestion.metaTitle).toBe('Why I Paint the Same Pond Every Winter | Elena Marsh');
    expect(suggestion.excerpt.length).toBeLessThanOrEqual(STORY_LIMITS.excerpt);
    expect(suggestion.metaTitle.length).toBeLessThanOrEqual(STORY_LIMITS.metaTitle);
    expect(suggestion.metaDescription.length).toBeGreaterThanOrEqual(150);
    expect(suggestion.metaDescription.length).toBeLessThanOrEqual(STORY_LIMITS.metaDescription);
    expect(suggestion.tags).toEqual(['watercolour', 'south london', 'why i paint the same pond every winter']);
    expect(suggestion.ai_notes).toMatch(/Stand-in answer/);
    expect(usage).toEqual([{ promptTokens: 812, completionTokens: 301, totalTokens: 1113 }]);
  });

  it('with a cover, sends it as an image and asks for the alt text', async () => {
    const { suggestion } = await generateStorySuggestion(client(), facts, cover);
    expect(userParts().find((p) => p.type === 'image_url')?.image_url?.url).toBe(cover);
    expect((schemaOf().schema as { required: string[] }).required).toContain('imageAlt');
    expect(suggestion.imageAlt).toMatch(/^Cover of Why I Paint/);
    expect(suggestion.imageAlt!.length).toBeLessThanOrEqual(STORY_LIMITS.alt);
  });

  it('cuts an over-long answer to the limits at a word, without asking again', async () => {
    standIn.options.script = ['too-long'];
    const { suggestion } = await generateStorySuggestion(client(), facts, cover);
    expect(standIn.requests).toHaveLength(1);
    expect(suggestion.excerpt.length).toBeLessThanOrEqual(STORY_LIMITS.excerpt);
    expect(suggestion.metaTitle.length).toBeLessThanOrEqual(STORY_LIMITS.metaTitle);
    expect(suggestion.metaDescription.length).toBeLessThanOrEqual(STORY_LIMITS.metaDescription);
    expect(suggestion.imageAlt!.length).toBeLessThanOrEqual(STORY_LIMITS.alt);
    expect(suggestion.tags.length).toBe(STORY_LIMITS.tags);
    for (const tag of suggestion.tags) expect(tag.length).toBeLessThanOrEqual(STORY_LIMITS.tag);
    for (const text of [suggestion.excerpt, suggestion.metaTitle, suggestion.metaDescription, suggestion.imageAlt!])
      expect(text).not.toMatch(/\s$|[,;:|–—-]$/u);
    // Cut at a word: the meta title keeps whole words of the model's text.
    expect(
      `${facts.title} | A Story from the Studio of Elena Marsh, Watercolour Artist in South London`.startsWith(
        suggestion.metaTitle,
      ),
    ).toBe(true);
  });

  it('asks again after malformed JSON, and fails clearly when it stays malformed', async () => {
    standIn.options.script = ['malformed', 'ok'];
    await expect(generateStorySuggestion(client(), facts, null)).resolves.toBeTruthy();
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[1]!.body.response_format!.json_schema!.name).toBe(STORY_FORMAT_NAME);
    standIn.options.script = ['malformed', 'malformed'];
    await expect(generateStorySuggestion(client(), facts, null)).rejects.toThrow(AiAnswerError);
  });

  it('reports a model error in words for the owner', async () => {
    standIn.options.script = [
      { status: 500, message: 'model overloaded' },
      { status: 500, message: 'model overloaded' },
    ];
    await expect(generateStorySuggestion(client(), facts, null)).rejects.toThrow(
      'The AI server answered 500: model overloaded',
    );
  });
});

describe('story tags as the form saves them', () => {
  it('lower case, trimmed, no repeats or commas, at most 20 of at most 40 characters', () => {
    expect(boundTags([' Calm ', 'calm', 'Dulwich Park', '', 'herons, ponds'])).toEqual([
      'calm',
      'dulwich park',
      'herons ponds',
    ]);
    const many = boundTags(Array.from({ length: 30 }, (_, i) => `tag ${i}`));
    expect(many).toHaveLength(STORY_LIMITS.tags);
    const [long] = boundTags(['a very long tag that goes on and on well past forty characters']);
    expect(long!.length).toBeLessThanOrEqual(STORY_LIMITS.tag);
    expect(long).toBe('a very long tag that goes on and on well');
  });
});
