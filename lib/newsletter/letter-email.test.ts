import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '@/lib/mail/smtp-adapter';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';
import { DEFAULT_DISCOUNT } from './discount-settings';
import {
  emailContentText,
  letterEmailBytes,
  letterTooBig,
  MAX_EMAIL_HTML_BYTES,
  pickSrcset,
  renderLetterEmail,
  SAMPLE_CODE,
  type LetterEmailContext,
} from './letter-email';

const SITE = 'https://elenamarsh.example';
const ctx: LetterEmailContext = {
  siteUrl: SITE,
  from: 'Elena Marsh <news@elenamarsh.example>',
  siteName: 'Elena Marsh Watercolours',
  discount: DEFAULT_DISCOUNT,
};
const recipient = {
  email: 'ada@example.com',
  name: 'Ada',
  unsubscribeToken: 'a'.repeat(40),
  discountCode: 'PRINTS-7H2K9Q',
};

/** A painting card exactly as the stories editor saves it (components/admin/stories/artwork-card-node.ts). */
const card = (n: number) => {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const path = `/gallery/landscapes/painting-${n}`;
  return (
    `<figure class="story-artwork" data-artwork-id="${id}"><a href="${path}"><img src="/uploads/artworks/painting-${n}/1-400.webp" ` +
    `alt="Painting ${n}" width="1600" height="1200" loading="lazy"></a><figcaption><a href="${path}">Painting ${n}</a></figcaption></figure>`
  );
};

const words = (count: number, seed: number) =>
  Array.from(
    { length: count },
    (_, i) => ['light', 'river', 'wash', 'Peckham', 'evening', 'paper'][(i + seed) % 6],
  ).join(' ');

/** A realistic letter: 1,500 words in 30 paragraphs, a heading, a list, a quote, links, and 10 paintings. */
function realisticLetter() {
  const parts: string[] = ['<h2>New this month</h2>'];
  for (let i = 0; i < 30; i++) {
    parts.push(`<p>${words(48, i)} <a href="/blog/story-${i}">read more</a> <strong>${words(2, i)}</strong></p>`);
    if (i % 3 === 0) parts.push(card(i / 3 + 1));
  }
  parts.push('<ul><li>Prints in A4 and A3</li><li>Cards in packs of six</li></ul>');
  parts.push('<blockquote><p>Painted on a grey morning by the Thames.</p></blockquote>');
  return {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'autumn-letter',
    title: 'Autumn on the river & new prints',
    summary: 'Ten new paintings from the Thames, and a studio sale.',
    content: parts.join(''),
  };
}

describe('a letter as an email', () => {
  let smtp: SmtpDouble;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it('holds the title, each painting linked with its image, the code, the web version and unsubscribe, in HTML and text', async () => {
    const letter = realisticLetter();
    expect(letter.content.split(/\s+/).length).toBeGreaterThan(1500);
    const mail = renderLetterEmail(letter, recipient, ctx);
    await createSmtpMailer(smtp.url).send(mail);
    const { parsed, raw } = smtp.received.at(-1)!;

    // multipart/alternative with both parts, and RFC 8058's one-click headers.
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/im);
    expect(parsed.text).toBeTruthy();
    expect(parsed.html).toBeTruthy();
    expect(parsed.subject).toBe('Autumn on the river & new prints');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // (a long header is folded onto a second line)
    expect(raw).toMatch(
      new RegExp(`^List-Unsubscribe:\\s+<${SITE}/api/newsletter/unsubscribe\\?token=${'a'.repeat(40)}>\\r?$`, 'm'),
    );
    expect(parsed.messageId).toMatch(/^<letter-[0-9a-f]{32}@elenamarsh\.example>$/);

    const html = parsed.html as string;
    expect(html).toContain('Autumn on the river &#38; new prints');
    expect(html).toContain('Ten new paintings from the Thames'); // the preheader
    for (let n = 1; n <= 10; n++) {
      expect(html).toContain(`href="${SITE}/gallery/landscapes/painting-${n}"`);
      expect(html).toMatch(
        new RegExp(
          `<img src="${SITE}/uploads/artworks/painting-${n}/1-400\\.webp" alt="Painting ${n}" width="560" height="420" style="display:block;max-width:100%;height:auto`,
        ),
      );
    }
    expect(html).toContain(`href="${SITE}/blog/story-0"`);
    expect(html).toContain('PRINTS-7H2K9Q');
    expect(html).toContain('20% off prints, cards and coasters');
    expect(html).toContain(`href="${SITE}/newsletter/autumn-letter"`);
    expect(html).toMatch(
      new RegExp(`<a href="${SITE}/newsletter/unsubscribe\\?token=${'a'.repeat(40)}"[^>]*>Unsubscribe</a>`),
    );
    expect(html).toContain('You’re receiving this because you subscribed at elenamarsh.example');
    // Nothing a mail client would refuse or that tracks the reader.
    expect(html).not.toMatch(/<script|<link|<style|@import|url\(|class="|data-artwork-id|loading=/i);
    expect(html).not.toMatch(/href="\//);
    expect(html).not.toContain('(test)');

    const text = parsed.text!;
    expect(text).toContain('Autumn on the river & new prints');
    expect(text).toContain(`read more (${SITE}/blog/story-0)`);
    for (let n = 1; n <= 10; n++) expect(text).toContain(`Painting ${n}: ${SITE}/gallery/landscapes/painting-${n}`);
    expect(text).toContain('- Prints in A4 and A3');
    expect(text).toContain('Your subscriber code for 20% off prints, cards and coasters: PRINTS-7H2K9Q');
    expect(text).toContain(`Read it on the website: ${SITE}/newsletter/autumn-letter`);
    expect(text).toContain(`Unsubscribe: ${SITE}/newsletter/unsubscribe?token=${'a'.repeat(40)}`);
    expect(text).not.toMatch(/<[a-z]/i);

    // Well under Gmail's 102 KB.
    expect(Buffer.byteLength(mail.html)).toBeLessThan(60 * 1024);
    expect(letterEmailBytes(letter, ctx)).toBeLessThan(MAX_EMAIL_HTML_BYTES / 2);
    expect(letterTooBig(letter, ctx)).toBeNull();
  });

  it('uses the paintings’ larger stored variant when given, and a 600–1200 wide one from a srcset', () => {
    const letter = { ...realisticLetter(), content: card(1) };
    const images = new Map([
      [
        '/uploads/artworks/painting-1/1-400.webp',
        { src: '/uploads/artworks/painting-1/1-800.webp', width: 800, height: 600 },
      ],
    ]);
    const { html } = renderLetterEmail(letter, recipient, { ...ctx, images });
    expect(html).toContain(
      `<img src="${SITE}/uploads/artworks/painting-1/1-800.webp" alt="Painting 1" width="560" height="420"`,
    );
    expect(pickSrcset('/a-400.webp 400w, /a-800.webp 800w, /a.webp 1600w')).toEqual({ url: '/a-800.webp', width: 800 });
    expect(pickSrcset('/a-400.webp 400w, /a.webp 1600w')).toEqual({ url: '/a.webp', width: 1600 });
    expect(pickSrcset('/a-400.webp 400w')).toEqual({ url: '/a-400.webp', width: 400 });
    expect(pickSrcset(undefined)).toBeNull();
    const image =
      '<figure class="story-image"><img src="https://cdn.example/a-400.webp" srcset="https://cdn.example/a-400.webp 400w, https://cdn.example/a-800.webp 800w" alt="A walk" width="300" height="200"></figure>';
    expect(renderLetterEmail({ ...letter, content: image }, recipient, ctx).html).toContain(
      '<img src="https://cdn.example/a-800.webp" alt="A walk" width="300" height="200"',
    );
  });

  it('as a preview or test: an unsubscribe link that goes nowhere, a sample code, no one-click header', () => {
    const mail = renderLetterEmail(realisticLetter(), null, ctx);
    expect(mail.to).toEqual([]);
    expect(mail.listUnsubscribe).toBeUndefined();
    expect(mail.html).toMatch(/<a href="#"[^>]*>Unsubscribe<\/a>/);
    expect(mail.html).toContain(SAMPLE_CODE);
    expect(mail.text).toContain(SAMPLE_CODE);
    expect(mail.html).not.toContain('(test)');
  });

  it('leaves the code out while the discount is off', () => {
    const off = { ...ctx, discount: { ...DEFAULT_DISCOUNT, on: false } };
    const mail = renderLetterEmail(realisticLetter(), recipient, off);
    expect(mail.html).not.toContain('PRINTS-7H2K9Q');
    expect(mail.text).not.toContain('subscriber code');
  });

  it('drops what a mail client must not get, and keeps text of links whose words are their address once', () => {
    const content =
      '<p>Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script></p><p><a href="https://example.com">https://example.com</a></p><ol><li>one</li><li>two</li></ol>';
    const { html } = renderLetterEmail({ ...realisticLetter(), content }, recipient, ctx);
    expect(html).not.toMatch(/script|javascript:/i);
    expect(emailContentText(content, SITE)).toBe('Hi there\n\nhttps://example.com\n\n1. one\n2. two');
  });

  it('refuses a letter whose email Gmail would clip, saying so', () => {
    const long = { ...realisticLetter(), content: `<p>${words(20_000, 0)}</p>` };
    expect(letterTooBig(long, ctx)).toMatch(/^This letter is too long to send: its email would be \d+ KB/);
  });
});
