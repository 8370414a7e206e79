import { describe, expect, it } from 'vitest';
import { countLinks, MIN_FILL_MS, spamReason, visitorMessageSchema } from './rules';

const ARTWORK = '11111111-1111-4111-8111-111111111111';
const base = { form: 'contact', name: ' Ada ', email: 'ada@example.com', message: 'I love the rooftops painting.' };

describe('a visitor message as the send route reads it', () => {
  it('trims, makes the subject one line, reads the subscribe box and keeps a real painting id', () => {
    const parsed = visitorMessageSchema.parse({
      ...base,
      subject: 'Enquiry:\r\nBcc: x@y.z\t now',
      subscribe: 'on',
      artwork: ARTWORK,
    });
    expect(parsed).toMatchObject({
      name: 'Ada',
      subject: 'Enquiry: Bcc: x@y.z now',
      subscribe: true,
      artwork: ARTWORK,
    });
  });

  it('ignores an artwork value that is not an id, and an unticked box', () => {
    const parsed = visitorMessageSchema.parse({ ...base, artwork: "1' or 1=1" });
    expect(parsed.artwork).toBeNull();
    expect(parsed.subscribe).toBe(false);
  });

  it('refuses missing fields, a malformed address, an unknown form and text past the limits', () => {
    expect(visitorMessageSchema.safeParse({ ...base, name: '   ' }).success).toBe(false);
    expect(visitorMessageSchema.safeParse({ ...base, email: 'ada@' }).success).toBe(false);
    expect(visitorMessageSchema.safeParse({ ...base, form: 'admin' }).success).toBe(false);
    expect(visitorMessageSchema.safeParse({ ...base, message: 'x'.repeat(5001) }).success).toBe(false);
    expect(visitorMessageSchema.safeParse({ ...base, message: 'x'.repeat(5000) }).success).toBe(true);
  });
});

describe('what makes a message suspect', () => {
  const now = 1_800_000_000_000;
  const message = { name: 'Ada', subject: '', message: 'Hello', website: '' };

  it('a filled honeypot, a send within 3 s of the form being shown, a forged token, more than two links', () => {
    expect(spamReason({ ...message, website: 'http://spam.example' }, undefined, now)).toBe('honeypot');
    expect(spamReason(message, now - MIN_FILL_MS + 1, now)).toBe('too-fast');
    expect(spamReason(message, null, now)).toBe('bad-token');
    expect(
      spamReason(
        { ...message, message: 'see https://a.example and http://b.example and www.c.example' },
        undefined,
        now,
      ),
    ).toBe('links');
  });

  it('nothing else: no token at all (scripts off), 3 s exactly, two links', () => {
    expect(spamReason(message, undefined, now)).toBeNull();
    expect(spamReason(message, now - MIN_FILL_MS, now)).toBeNull();
    expect(spamReason({ ...message, message: 'https://a.example and https://b.example' }, undefined, now)).toBeNull();
  });

  it('counts web addresses and www. names, not words with dots', () => {
    expect(countLinks('http://a.example https://b.example www.c.co.uk')).toBe(3);
    expect(countLinks('St. Paul’s at 5 p.m. e.g. the dome')).toBe(0);
  });
});
