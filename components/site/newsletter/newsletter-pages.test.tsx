import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOUNT } from '@/lib/newsletter/discount-settings';
import { ConfirmView, UnsubscribeView } from './newsletter-pages';

// The pages a newsletter email's links open (docs/product.md, Newsletter): each state's words, and
// buttons that are plain forms, so they work without scripts and a link alone changes nothing.

const TOKEN = 'T'.repeat(43);
const off = { ...DEFAULT_DISCOUNT, on: false };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the confirmation page', () => {
  it('pending: what they join and a button that posts the token to the confirm route', () => {
    const html = renderToStaticMarkup(
      <ConfirmView token={TOKEN} confirmation={{ state: 'pending' }} discount={DEFAULT_DISCOUNT} />,
    );
    expect(text(html)).toContain('Confirm your subscription');
    expect(text(html)).toContain(
      'You’re about to join Elena Marsh’s newsletter: new paintings, exhibitions and 20% off prints, cards and coasters.',
    );
    expect(html).toContain('<form action="/api/newsletter/confirm" method="post">');
    expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`);
    expect(html).toMatch(/<button type="submit"[^>]*>Confirm my subscription<\/button>/);
  });

  it('confirmed: the code, large and selectable, what it gives, and the shop', () => {
    const html = renderToStaticMarkup(
      <ConfirmView
        token={TOKEN}
        confirmation={{ state: 'confirmed', discountCode: 'PRINTS-7K3M9QXA' }}
        discount={DEFAULT_DISCOUNT}
      />,
    );
    expect(text(html)).toContain('You’re subscribed');
    expect(html).toMatch(/<p class="[^"]*select-all[^"]*">PRINTS-7K3M9QXA<\/p>/);
    expect(text(html)).toContain('It gives you 20% off prints, cards and coasters: use it at checkout.');
    expect(html).toMatch(/href="\/shop"/);
    expect(html).not.toContain('<form');
  });

  it('confirmed with the discount off: no code', () => {
    const html = renderToStaticMarkup(
      <ConfirmView
        token={TOKEN}
        confirmation={{ state: 'confirmed', discountCode: 'PRINTS-7K3M9QXA' }}
        discount={off}
      />,
    );
    expect(text(html)).toContain('You’re subscribed');
    expect(html).not.toContain('PRINTS-');
    expect(text(html)).not.toContain('discount code');
  });

  it('expired and unknown links say so and how to ask again, with no button', () => {
    const expired = text(
      renderToStaticMarkup(
        <ConfirmView token={TOKEN} confirmation={{ state: 'expired', confirmed: false }} discount={DEFAULT_DISCOUNT} />,
      ),
    );
    expect(expired).toContain('This link has expired');
    expect(expired).toContain('Confirmation links work for 7 days. To subscribe, tick the newsletter box');
    const unknown = renderToStaticMarkup(
      <ConfirmView token="" confirmation={{ state: 'unknown' }} discount={DEFAULT_DISCOUNT} />,
    );
    expect(text(unknown)).toContain('This link isn’t valid');
    expect(unknown).not.toContain('<form');
  });
});

describe('the unsubscribe page', () => {
  it('asks first, with the address half hidden, and posts to the one-click address', () => {
    const html = renderToStaticMarkup(
      <UnsubscribeView token={TOKEN} unsubscription={{ state: 'subscribed', maskedEmail: 'a***@example.com' }} />,
    );
    expect(text(html)).toContain('Unsubscribe a***@example.com?');
    expect(html).toContain(`<form action="/api/newsletter/unsubscribe?token=${TOKEN}" method="post">`);
  });

  it('once unsubscribed: says so and how to come back; an unknown link changes nothing', () => {
    const done = text(
      renderToStaticMarkup(
        <UnsubscribeView token={TOKEN} unsubscription={{ state: 'unsubscribed', maskedEmail: 'a***@example.com' }} />,
      ),
    );
    expect(done).toContain('You’re unsubscribed');
    expect(done).toContain('You won’t receive more letters.');
    expect(done).toContain('Changed your mind?');
    const unknown = renderToStaticMarkup(<UnsubscribeView token="x" unsubscription={{ state: 'unknown' }} />);
    expect(text(unknown)).toContain('This unsubscribe link isn’t valid');
    expect(unknown).not.toContain('<form');
  });
});
