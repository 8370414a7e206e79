import { describe, expect, it } from 'vitest';
import { formatGeneratedAt, generatedDescription, GOOGLE_RESULT, NOT_CONFIGURED, NOTHING_TO_SEND } from './messages';

describe('the Sitemap Manager’s messages', () => {
  it('uses the documented sentence when IndexNow accepted the changed addresses', () => {
    expect(
      generatedDescription({ google: GOOGLE_RESULT, bing: 'IndexNow accepted 3 changed addresses (HTTP 202)' }),
    ).toBe(
      `Successfully pinged Google (${GOOGLE_RESULT}) and Bing (IndexNow accepted 3 changed addresses (HTTP 202)).`,
    );
  });

  it('claims no ping that did not happen: not configured, nothing to send, or refused', () => {
    for (const bing of [
      NOT_CONFIGURED,
      NOTHING_TO_SEND,
      'IndexNow refused or did not answer for 2 changed addresses (HTTP 403: key not valid)',
      'IndexNow accepted 10000 changed addresses, but refused or did not answer for 1 changed address (HTTP 429: too many requests)',
    ]) {
      const text = generatedDescription({ google: GOOGLE_RESULT, bing });
      expect(text, bing).not.toContain('Successfully');
      expect(text).toContain(bing);
    }
  });

  it('shows the time in en-GB, in the artist’s time zone (the same on server and browser)', () => {
    expect(formatGeneratedAt('2026-11-23T11:05:09.000Z')).toBe('23 Nov 2026, 11:05:09');
    expect(formatGeneratedAt('2026-07-01T11:05:09.000Z')).toBe('1 Jul 2026, 12:05:09');
  });
});
