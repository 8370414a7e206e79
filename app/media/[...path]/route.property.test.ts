import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// GET /media/[...path] with any path a visitor can send: it serves a public upload, or answers
// 404; never a private original, never a file outside the public folder, never an exception.

const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/media-route-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});

const { GET } = await import('./route');

const files = {
  'uploads/public/landscapes/hill/1-display.webp': 'public display',
  'uploads/public/landscapes/hill/1-400.webp': 'public thumbnail',
  'uploads/private/landscapes/hill/1-original.jpg': 'PRIVATE original',
  'uploads/private/landscapes/hill/1-original.webp': 'PRIVATE original webp',
  'uploads/outside.webp': 'OUTSIDE the public folder',
  'auth-secret.png': 'OUTSIDE server key',
};
const served = new Set(
  Object.entries(files)
    .filter(([name]) => name.startsWith('uploads/public/'))
    .map(([, body]) => body),
);

beforeAll(async () => {
  for (const [name, body] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dataDir, name)), { recursive: true });
    await fs.writeFile(path.join(dataDir, name), body);
  }
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const segment = fc.oneof(
  fc.constantFrom(
    'landscapes',
    'hill',
    '1-display.webp',
    '1-400.webp',
    '1-original.jpg',
    '1-original.webp',
    'private',
    'public',
    'uploads',
    'outside.webp',
    'auth-secret.png',
  ),
  fc.constantFrom(
    '..',
    '.',
    '',
    '%2e%2e',
    '..%2f',
    '..\\',
    '\u0000',
    '/',
    '\\',
    '~',
    '1-DISPLAY.WEBP',
    'hill/../..',
    '../private',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

describe('GET /media/[...path] (properties)', () => {
  it('answers a public upload or 404, whatever the path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 6 }), async (parts) => {
        const response = await GET(new Request('http://localhost/media/x'), {
          params: Promise.resolve({ path: parts }),
        });
        const body = await response.text();
        if (response.status === 200) {
          expect(served).toContain(body);
          expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        } else {
          expect(response.status).toBe(404);
          expect(body).not.toMatch(/PRIVATE|OUTSIDE/);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('serves the public uploads themselves (the property above can see a 200)', async () => {
    const response = await GET(new Request('http://localhost/media/x'), {
      params: Promise.resolve({ path: ['landscapes', 'hill', '1-display.webp'] }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('public display');
  });
});
