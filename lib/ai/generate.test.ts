import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/tests/support/openai-stand-in';
import { ALT_TEXT_MAX } from '@/lib/artworks/admin/schema';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { createAiClient } = await import('./openai-adapter');
const { AiServiceError } = await import('./port');
const { generateSuggestion, AiAnswerError } = await import('./generate');
const { SEO_TITLE_MAX } = await import('./limits');
const { modelAnswerSchema, answerJsonSchema } = await import('./suggestion');

// The AI helper against the local OpenAI-compatible stand-in: what is sent, what comes back,
// and what happens when the model misbehaves. Never a real provider.
describe('generateSuggestion against an OpenAI-compatible server', () => {
  let standIn: OpenAiStandIn;
  let image: string;
  const facts = {
    title: 'Morning Mist over Brockwell Park',
    category: 'Landscapes',
    price: '450',
    medium: 'Watercolour on paper',
  };
  const client = (timeoutMs?: number) =>
    createAiClient({ apiKey: 'test-key', baseURL: standIn.url, model: 'stand-in-model' }, { timeoutMs });

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    const webp = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#8aa' } })
      .webp()
      .toBuffer();
    image = `data:image/webp;base64,${webp.toString('base64')}`;
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.options.script = [];
  });

  it('sends the model, a strict JSON schema of the suggestion set and the image as a data URL', async () => {
    await generateSuggestion(client(), facts, image);
    expect(standIn.requests).toHaveLength(1);
    const { body, authorization, path } = standIn.requests[0]!;
    expect(path).toBe('/v1/chat/completions');
    expect(authorization).toBe('Bearer test-key');
    expect(body.model).toBe('stand-in-model');
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.strict).toBe(true);
    const schema = body.response_format!.json_schema!.schema as { required: string[]; additionalProperties: boolean };
    expect([...schema.required].sort()).toEqual(Object.keys(modelAnswerSchema.shape).sort());
    expect(schema.additionalProperties).toBe(false);
    expect(answerJsonSchema()).toEqual(body.response_format!.json_schema!.schema);
    const user = body.messages!.find((m: { role: string }) => m.role === 'user')!;
    const parts = user.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toBe(image);
    const text = parts.find((p) => p.type === 'text')!.text!;
    expect(text).toContain('Title: Morning Mist over Brockwell Park');
    expect(text).toContain('Price: 450');
    const system = body.messages!.find((m: { role: string }) => m.role === 'system')!.content as string;
    expect(system).toMatch(/British English/);
    expect(system).toMatch(/South London/);
    expect(system).toMatch(/therapy/);
    expect(system).toMatch(/Never invent a size, medium/);
  });

  it('parses the answer into the suggestion set, with structured data from the record only', async () => {
    const { suggestion, usage } = await generateSuggestion(client(), facts, image);
    expect(suggestion.seoTitle).toBe('Morning Mist over Brockwell Park | Watercolour');
    expect(suggestion.slug).toBe('morning-mist-over-brockwell-park-watercolour');
    expect(suggestion.metaDescription.length).toBeGreaterThanOrEqual(150);
    expect(suggestion.metaDescription.length).toBeLessThanOrEqual(160);
    expect(suggestion.keywords).toContain('calming watercolour');
    expect(suggestion.bulletUseCases.length).toBeGreaterThan(0);
    expect(suggestion.schema).toMatchObject({
      '@type': 'VisualArtwork',
      name: facts.title,
      artMedium: facts.medium,
      genre: 'Landscapes',
    });
    expect(suggestion.schema).not.toHaveProperty('width');
    expect(usage).toEqual([{ promptTokens: 812, completionTokens: 301, totalTokens: 1113 }]);
  });

  it('repairs an answer over the limits without asking again', async () => {
    standIn.options.script = ['too-long'];
    const { suggestion } = await generateSuggestion(client(), facts, image);
    expect(standIn.requests).toHaveLength(1);
    expect(suggestion.imageAlt.length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(suggestion.seoTitle.length).toBeLessThanOrEqual(SEO_TITLE_MAX);
    expect(suggestion.metaDescription.length).toBeGreaterThanOrEqual(150);
    expect(suggestion.metaDescription.length).toBeLessThanOrEqual(160);
    expect(suggestion.imageAlt).not.toMatch(/\s$/);
  });

  it('asks once more, naming the problem, when the meta description is too short to repair', async () => {
    standIn.options.script = ['short-meta', 'ok'];
    const { suggestion, usage } = await generateSuggestion(client(), facts, image);
    expect(standIn.requests).toHaveLength(2);
    const reask = standIn.requests[1]!.body.messages!.at(-1)!.content as string;
    expect(reask).toMatch(/metaDescription is 17 characters; it must be 150 to 160/);
    expect(suggestion.metaDescription.length).toBeGreaterThanOrEqual(150);
    expect(usage).toHaveLength(2);
  });

  it('never returns an answer that breaks a limit twice', async () => {
    standIn.options.script = ['short-meta', 'short-meta'];
    await expect(generateSuggestion(client(), facts, image)).rejects.toThrow(AiAnswerError);
    expect(standIn.requests).toHaveLength(2);
  });

  it('asks again after malformed JSON, and fails clearly when it stays malformed', async () => {
    standIn.options.script = ['malformed', 'ok'];
    await expect(generateSuggestion(client(), facts, image)).resolves.toBeTruthy();
    standIn.options.script = ['malformed', 'malformed'];
    await expect(generateSuggestion(client(), facts, image)).rejects.toThrow(
      /unusable twice: The answer was not valid JSON/,
    );
  });

  it('retries once on a 429 or a 5xx, then succeeds', async () => {
    standIn.options.script = [{ status: 429 }, 'ok'];
    await expect(generateSuggestion(client(), facts, image)).resolves.toBeTruthy();
    expect(standIn.requests).toHaveLength(2);
    standIn.requests.length = 0;
    standIn.options.script = [{ status: 503 }, 'ok'];
    await expect(generateSuggestion(client(), facts, image)).resolves.toBeTruthy();
    expect(standIn.requests).toHaveLength(2);
  });

  it('reports a model error after its one retry, and does not retry a request the server refuses', async () => {
    standIn.options.script = [
      { status: 500, message: 'model overloaded' },
      { status: 500, message: 'model overloaded' },
    ];
    const failure = generateSuggestion(client(), facts, image);
    await expect(failure).rejects.toThrow(AiServiceError);
    await expect(failure).rejects.toThrow('The AI server answered 500: model overloaded');
    expect(standIn.requests).toHaveLength(2);
    standIn.requests.length = 0;
    standIn.options.script = [{ status: 400, message: 'image too large' }];
    await expect(generateSuggestion(client(), facts, image)).rejects.toThrow(
      'The AI server answered 400: image too large',
    );
    expect(standIn.requests).toHaveLength(1);
  });

  it('times out a call that never answers, retries it once, and says so when both time out', async () => {
    standIn.options.script = ['hang', 'ok'];
    await expect(generateSuggestion(client(300), facts, image)).resolves.toBeTruthy();
    expect(standIn.requests).toHaveLength(2);
    standIn.requests.length = 0;
    standIn.options.script = ['hang', 'hang'];
    await expect(generateSuggestion(client(300), facts, image)).rejects.toThrow(
      'The AI server did not answer in time.',
    );
    expect(standIn.requests).toHaveLength(2);
  });
});
