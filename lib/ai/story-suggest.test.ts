import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLogEntry } from '@/lib/log/app-log';
import { STORY_LIMITS } from '@/lib/stories/fields';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/tests/support/openai-stand-in';
import { createTestStorage, type TestStorage } from '@/tests/support/test-storages';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { createAiClient } = await import('./openai-adapter');
const { AI_ENABLE_HINT } = await import('./messages');
const { suggestStoryDetails, storySuggestRequestSchema, AiNotConfiguredError } = await import('./story-suggest');
const { storyAiMessages } = await import('./story-fields');

type UserPart = { type: string; text?: string; image_url?: { url: string } };

// The story editor's "Suggest with AI" on the server: the request's rules, the cover read from
// storage for the alt text only, and the answer without a key. The model is the local stand-in.
describe('suggestStoryDetails (the story editor’s AI helper)', () => {
  let standIn: OpenAiStandIn;
  let store: TestStorage;
  let coverUrl: string;
  let coverBytes: Buffer;
  let logs: AppLogEntry[] = [];

  beforeAll(async () => {
    [standIn, store] = await Promise.all([startOpenAiStandIn(), createTestStorage('local')]);
    coverBytes = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#6a8caf' } })
      .webp()
      .toBuffer();
    coverUrl = await store.storage.putPublic('stories/pond/1-800.webp', coverBytes, 'image/webp');
  });
  afterAll(async () => {
    await Promise.all([standIn.close(), store.close()]);
  });
  beforeEach(() => {
    logs = [];
    standIn.requests.length = 0;
    standIn.options.script = [];
  });

  const deps = (configured = true) => ({
    storage: store.storage,
    config: configured ? { apiKey: 'test-key', baseURL: standIn.url, model: 'stand-in-model' } : null,
    client: createAiClient,
    log: async (entry: AppLogEntry) => void logs.push(entry),
  });
  const request = (values: Record<string, unknown>) =>
    storySuggestRequestSchema.parse({
      title: 'The Pond in Winter',
      category: 'Inspiration',
      text: 'Ice on the pond in Dulwich Park.',
      ...values,
    });
  const imageSent = () =>
    (standIn.requests[0]!.body.messages!.find((m) => m.role === 'user')!.content as UserPart[]).find(
      (p) => p.type === 'image_url',
    )?.image_url?.url;

  it("answers 'AI is not configured' and how to enable it without OPENAI_API_KEY, and calls nothing", async () => {
    const failure = suggestStoryDetails(deps(false), request({ coverUrl }));
    await expect(failure).rejects.toThrow(AiNotConfiguredError);
    await expect(failure).rejects.toThrow(`AI is not configured. ${AI_ENABLE_HINT}`);
    expect(standIn.requests).toHaveLength(0);
  });

  it('says what is missing when the title or the story text is empty', () => {
    const issue = (values: Record<string, unknown>) =>
      storySuggestRequestSchema.safeParse({ title: 'T', text: 'Words.', ...values }).error?.issues[0]?.message;
    expect(issue({ title: '  ' })).toBe(storyAiMessages.missingTitle);
    expect(issue({ text: '' })).toBe(storyAiMessages.missingText);
    expect(issue({ title: '', text: ' ' })).toBe(storyAiMessages.missingBoth);
    expect(issue({ coverUrl: 'data:image/png;base64,AAAA' })).toBe('The cover is read from storage: upload it first.');
    expect(issue({})).toBeUndefined();
  });

  it('sends the stored cover, read from storage, as a data URL, and suggests its alt text', async () => {
    const suggestion = await suggestStoryDetails(deps(), request({ coverUrl }));
    expect(imageSent()).toBe(`data:image/webp;base64,${coverBytes.toString('base64')}`);
    expect(suggestion.imageAlt).toMatch(/^Cover of The Pond in Winter/);
    expect(suggestion.imageAlt!.length).toBeLessThanOrEqual(STORY_LIMITS.alt);
    expect(suggestion.metaDescription.length).toBeLessThanOrEqual(STORY_LIMITS.metaDescription);
  });

  it('without a cover, sends no image and leaves the alt text out', async () => {
    const suggestion = await suggestStoryDetails(deps(), request({ coverUrl: null }));
    expect(imageSent()).toBeUndefined();
    expect(suggestion.imageAlt).toBeNull();
    expect(suggestion.excerpt).toMatch(/^The Pond in Winter/);
  });

  it('a cover that cannot be read leaves the alt text out and says so; the rest still arrives', async () => {
    const suggestion = await suggestStoryDetails(deps(), request({ coverUrl: '/media/stories/gone/1-800.webp' }));
    expect(imageSent()).toBeUndefined();
    expect(suggestion.imageAlt).toBeNull();
    expect(suggestion.ai_notes).toMatch(/^The image could not be read from storage\. No alt text was suggested\./);
    expect(suggestion.metaTitle).toBe('The Pond in Winter | Elena Marsh');
  });

  it('a model failure is logged (feature ai) and answered in words for the owner', async () => {
    standIn.options.script = [
      { status: 500, message: 'model unavailable' },
      { status: 500, message: 'model unavailable' },
    ];
    await expect(suggestStoryDetails(deps(), request({}))).rejects.toThrow(
      'The AI server answered 500: model unavailable',
    );
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'error',
        feature: 'ai',
        message: 'AI story suggestion failed: The AI server answered 500: model unavailable',
      }),
    ]);
  });
});
