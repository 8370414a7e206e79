import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible server: POST /v1/chat/completions answers like
 * OpenAI's Chat Completions (a JSON-schema answer in choices[0].message.content, with usage).
 * Used by the AI tests, the e2e server (E2E_OPENAI_PORT) and npm run bench:retrofit, so no test
 * ever calls a real provider.
 *
 * What it answers, in order: the next step of `script` if any; an error for a title containing
 * one of `failTitles` (so a browser test can make one artwork fail by its title); otherwise a
 * valid suggestion set for the title it finds in the prompt ("Title: …"): an artwork's, or a
 * story's when the request asks for the story_details format (lib/ai/story-suggestion.ts).
 */
export type StandInStep =
  | 'ok'
  | 'malformed' // not JSON at all
  | 'too-long' // alt text, SEO title and meta description over their limits (repairable)
  | 'short-meta' // a meta description under 150 characters (needs a re-ask)
  | 'hang' // never answers (the client's timeout)
  | { status: number; message?: string };

export type StandInOptions = { delayMs: number; failTitles: string[]; script: StandInStep[] };

export type RecordedRequest = { path: string; authorization: string | undefined; body: ChatBody };
type ChatBody = {
  model?: string;
  messages?: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
};

export type OpenAiStandIn = {
  /** The base URL for OPENAI_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  options: StandInOptions;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

const FAILURE_MARKER = 'AI-FAIL';

/** The title in a recorded or incoming prompt. */
export function promptTitle(body: ChatBody): string {
  for (const message of body.messages ?? []) {
    if (message.role !== 'user') continue;
    const parts =
      typeof message.content === 'string' ? [message.content] : message.content.map((part) => part.text ?? '');
    for (const text of parts) {
      const match = /^Title: (.*)$/m.exec(text);
      if (match) return match[1]!.trim();
    }
  }
  return 'Untitled';
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');

const endings = [
  'painted to slow the breath.',
  'made for a quiet wall at home.',
  'for a calm corner of a therapy room.',
];

/**
 * A valid suggestion set for a title: every limit kept (meta description 150 to 160). `take`
 * (how many times this title was asked before) varies the short hook and the Twitter
 * description, so a regenerated field differs from the first answer.
 */
export function standInAnswer(title: string, take = 0): Record<string, unknown> {
  const ending = endings[take % endings.length]!;
  const short = title.slice(0, 40);
  let meta = `${short}: an original watercolour by Elena Marsh, painted in South London for calm rooms.`;
  for (const word of 'Soft washes and quiet light for therapy rooms, new homes and thoughtful gifts, made slowly by hand.'.split(
    ' ',
  )) {
    if (meta.length + word.length + 1 > 158) break;
    meta += ` ${word}`;
  }
  while (meta.length < 150) meta += ' Calm.';
  return {
    slug: slugOf(`${title} watercolour`),
    shortHook: `A calm watercolour, ${short}, ${ending}`,
    longDescription: `${title} began on a grey morning in South London.\n\nI painted it in soft washes so the eye has somewhere gentle to rest.`,
    seoTitle: `${short} | Watercolour`.slice(0, 60),
    metaDescription: meta,
    keywords: ['calming watercolour', 'South London artist', `${short} painting`],
    imageAlt: `Watercolour painting titled ${short} in soft washes of colour`,
    ogTitle: `${short}: a calming watercolour`,
    ogDescription: `${short}, an original watercolour by Elena Marsh.`,
    twitterTitle: `${short} by Elena Marsh`,
    twitterDescription: `A calming watercolour: ${short}, ${ending}`,
    bulletUseCases: ['A therapy or counselling room', 'A first home', 'A thoughtful gift'],
    ai_notes: 'Stand-in answer: check the wording before saving.',
  };
}

const storyEndings = [
  'a slow morning at the easel.',
  'why quiet paintings help a busy room.',
  'what the paper teaches about patience.',
];

/**
 * A valid story suggestion for a title: every limit kept (meta description 150 to 160), the
 * alt text only when the request's schema asks for it (a story with a cover). `take` varies
 * the excerpt and the meta description, so a regenerated field differs from the first answer.
 */
export function standInStoryAnswer(title: string, take = 0, withAlt = true): Record<string, unknown> {
  const ending = storyEndings[take % storyEndings.length]!;
  const short = title.slice(0, 40);
  let meta = `${short}: Elena Marsh on ${ending}`;
  for (const word of 'Notes from a South London studio on watercolour, calm rooms and the light that changes everything.'.split(
    ' ',
  )) {
    if (meta.length + word.length + 1 > 158) break;
    meta += ` ${word}`;
  }
  while (meta.length < 150) meta += ' Calm.';
  return {
    excerpt: `${title}: ${ending} A few quiet thoughts from the studio in South London.`,
    metaTitle: `${short} | Elena Marsh`,
    metaDescription: meta,
    tags: ['watercolour', 'south london', short.toLowerCase()],
    ...(withAlt ? { imageAlt: `Cover of ${short}: a watercolour in soft washes of colour` } : {}),
    ai_notes: 'Stand-in answer: check the wording before saving.',
  };
}

function storyContentFor(step: StandInStep, title: string, take: number, withAlt: boolean): string {
  const answer = standInStoryAnswer(title, take, withAlt);
  if (step === 'malformed') return '{"excerpt": "half an answer", "metaTitle": ';
  if (step === 'too-long') {
    return JSON.stringify({
      ...answer,
      excerpt:
        `${answer.excerpt as string} ${'The washes dry slowly and the light moves across the paper as the afternoon goes on. '.repeat(5)}`.trim(),
      metaTitle: `${title} | A Story from the Studio of Elena Marsh, Watercolour Artist in South London`,
      metaDescription: `${answer.metaDescription as string} And more words that run it well past the limit.`,
      tags: [
        ...Array.from({ length: 24 }, (_, i) => `tag ${i + 1}`),
        'a tag that is far too long to be a useful tag for anyone',
      ],
      ...(withAlt
        ? { imageAlt: `${answer.imageAlt as string} ${'with layered washes of blue and grey '.repeat(5)}`.trim() }
        : {}),
    });
  }
  return JSON.stringify(answer);
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-standin-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 812, completion_tokens: 301, total_tokens: 1113 },
  };
}

function contentFor(step: StandInStep, title: string, take: number): string {
  const answer = standInAnswer(title, take);
  if (step === 'malformed') return '{"slug": "half an answer", "shortHook": ';
  if (step === 'too-long') {
    return JSON.stringify({
      ...answer,
      imageAlt: `${answer.imageAlt as string} ${'with layered washes of blue and grey '.repeat(5)}`.trim(),
      seoTitle: `${title} | An Original Calming Watercolour Painting by Elena Marsh`,
      metaDescription: `${answer.metaDescription as string} And more words that run it past the limit.`,
    });
  }
  if (step === 'short-meta') return JSON.stringify({ ...answer, metaDescription: 'Too short to use.' });
  return JSON.stringify(answer);
}

export async function startOpenAiStandIn(
  options: Partial<StandInOptions> & { port?: number; host?: string } = {},
): Promise<OpenAiStandIn> {
  const state: StandInOptions = {
    delayMs: options.delayMs ?? 0,
    failTitles: options.failTitles ?? [FAILURE_MARKER],
    script: options.script ?? [],
  };
  const requests: RecordedRequest[] = [];
  const takes = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
      return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    let body: ChatBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
    } catch {
      return send(400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } });
    }
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    const step = state.script.shift() ?? 'ok';
    if (step === 'hang') return;
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const title = promptTitle(body);
    if (typeof step === 'object')
      return send(step.status, {
        error: { message: step.message ?? `Stand-in error ${step.status}`, type: 'server_error' },
      });
    if (state.failTitles.some((marker) => title.includes(marker)))
      return send(500, { error: { message: `Stand-in failure for "${title}"`, type: 'server_error' } });
    const take = takes.get(title) ?? 0;
    takes.set(title, take + 1);
    const format = body.response_format?.json_schema;
    const content =
      format?.name === 'story_details'
        ? storyContentFor(step, title, take, 'imageAlt' in ((format.schema.properties as object | undefined) ?? {}))
        : contentFor(step, title, take);
    send(200, completion(body.model ?? 'stand-in', content));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    options: state,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// `tsx tests/support/openai-stand-in.ts <port>`: the e2e server starts it this way.
if (process.argv[1]?.endsWith('openai-stand-in.ts')) {
  const port = Number(process.argv[2] ?? process.env.STAND_IN_PORT ?? 0);
  void startOpenAiStandIn({ port, delayMs: Number(process.env.STAND_IN_DELAY_MS ?? 0) }).then((standIn) => {
    console.log(`OpenAI stand-in listening on ${standIn.url}`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.on(signal, () => void standIn.close().then(() => process.exit(0)));
  });
}
