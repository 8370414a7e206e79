import { describe, expect, it } from 'vitest';

import { indexNowKeyFileRewrite, serveIndexNowKeyFile } from './key-file';

const KEY = 'key-file-test-1234';

describe('the IndexNow key file', () => {
  it('/{INDEXNOW_KEY}.txt, and only it, is rewritten to the key route', () => {
    expect(indexNowKeyFileRewrite('/key-file-test-1234.txt', 'key-file-test-1234')).toBe(
      '/api/indexnow-key/key-file-test-1234.txt',
    );
    for (const other of [
      '/other-key-1234.txt',
      '/robots.txt',
      '/key-file-test-1234.txt/',
      '/key-file-test-1234',
      '/a/key-file-test-1234.txt',
    ]) {
      expect(indexNowKeyFileRewrite(other, 'key-file-test-1234'), other).toBeNull();
    }
  });

  it('without INDEXNOW_KEY nothing is rewritten, so /{anything}.txt stays the site’s 404', () => {
    expect(indexNowKeyFileRewrite('/key-file-test-1234.txt', undefined)).toBeNull();
    expect(indexNowKeyFileRewrite('/undefined.txt', undefined)).toBeNull();
  });

  it('answers the key as text/plain', async () => {
    const response = serveIndexNowKeyFile('key-file-test-1234.txt', KEY);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('key-file-test-1234');
  });

  it('answers 404 at any other file name, and for every name without a key', () => {
    expect(serveIndexNowKeyFile('guess.txt', KEY).status).toBe(404);
    expect(serveIndexNowKeyFile('key-file-test-1234', KEY).status).toBe(404);
    expect(serveIndexNowKeyFile('key-file-test-1234.txt', undefined).status).toBe(404);
  });
});
