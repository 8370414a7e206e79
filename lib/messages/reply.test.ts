import { describe, expect, it } from 'vitest';
import { replyMailto } from './reply';

describe('Reply by email', () => {
  it('addresses the visitor with "Re: subject" and quotes the message', () => {
    const href = replyMailto({
      email: 'ada@example.com',
      name: 'Ada',
      subject: 'Enquiry: Herne Hill',
      body: 'Is it framed?\nThanks',
    });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ada@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: Enquiry: Herne Hill');
    expect(url.searchParams.get('body')).toContain('Ada wrote:\n> Is it framed?\n> Thanks');
  });

  it('lets nothing typed add a recipient or a header', () => {
    const href = replyMailto({
      email: 'ada@example.com',
      name: 'Ada',
      subject: 'Hi\r\nBcc: all@example.com&cc=evil@example.com',
      body: 'x&bcc=evil@example.com',
    });
    const url = new URL(href);
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
    expect(url.searchParams.get('subject')).toBe('Re: Hi Bcc: all@example.com&cc=evil@example.com');
    expect(href).not.toMatch(/[\r\n]/);
  });

  it('says "your message" when there was no subject', () => {
    expect(
      new URL(replyMailto({ email: 'a@b.co', name: 'A', subject: ' ', body: 'x' })).searchParams.get('subject'),
    ).toBe('Re: your message');
  });
});
