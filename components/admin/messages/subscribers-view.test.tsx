import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Subscriber } from '@/lib/newsletter/subscriber-list';

vi.mock('@/lib/messages/actions', () => ({ unsubscribe: async () => ({ ok: true }) }));
vi.mock('./message-buttons', () => ({
  ConfirmActionButton: ({ label }: { label: string }) => <button type="button">{label}</button>,
}));

const { SubscribersView } = await import('./messages-view');

// The owner's Subscribers list (docs/product.md, Newsletter): each address's status, the words it
// agreed to, and when each step happened, with why no confirmation went out where none did.

const CONSENT = 'Subscribe to my newsletter for updates on new art and exhibitions.';
const NOW = new Date('2026-12-10T12:00:00Z');
const at = (iso: string) => new Date(iso);
const base = {
  name: 'Reader',
  consent: CONSENT,
  requestedAt: at('2026-12-01T10:00:00Z'),
  confirmSentAt: null,
  confirmExpiresAt: null,
  confirmedAt: null,
  unsubscribedAt: null,
} satisfies Partial<Subscriber>;
const subscribers: Subscriber[] = [
  { ...base, email: 'waiting@example.com', status: 'pending' },
  {
    ...base,
    email: 'sent@example.com',
    status: 'pending',
    confirmSentAt: at('2026-12-09T10:00:00Z'),
    confirmExpiresAt: at('2026-12-16T10:00:00Z'),
  },
  {
    ...base,
    email: 'lapsed@example.com',
    status: 'pending',
    confirmSentAt: at('2026-12-01T10:00:00Z'),
    confirmExpiresAt: at('2026-12-08T10:00:00Z'),
  },
  { ...base, email: 'in@example.com', status: 'confirmed', confirmedAt: at('2026-12-02T09:30:00Z') },
  {
    ...base,
    email: 'out@example.com',
    status: 'unsubscribed',
    confirmedAt: at('2026-12-02T09:30:00Z'),
    unsubscribedAt: at('2026-12-05T18:00:00Z'),
  },
];
const counts = { pending: 3, confirmed: 1, unsubscribed: 1 };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const rowOf = (html: string, email: string) => text(html.split('<tr').find((row) => row.includes(email)) ?? '');

describe('the Subscribers list', () => {
  it('counts each status and shows each address’s status, words and history', () => {
    const html = renderToStaticMarkup(
      <SubscribersView subscribers={subscribers} counts={counts} mailOn={true} now={NOW} />,
    );
    expect(text(html)).toContain('1 confirmed, 3 pending, 1 unsubscribed.');
    expect(text(html)).not.toContain('Email is not set up');
    expect(rowOf(html, 'waiting@example.com')).toContain(
      'Pending ' + CONSENT + ' Asked 1 Dec 2026, 10:00 No confirmation sent: asked while email was not set up',
    );
    expect(rowOf(html, 'sent@example.com')).toContain('Confirmation sent 9 Dec 2026, 10:00');
    expect(rowOf(html, 'sent@example.com')).not.toContain('expired');
    expect(rowOf(html, 'lapsed@example.com')).toContain('Confirmation sent 1 Dec 2026, 10:00; its link has expired');
    expect(rowOf(html, 'in@example.com')).toContain(`Confirmed ${CONSENT} Asked 1 Dec 2026, 10:00`);
    expect(rowOf(html, 'in@example.com')).toContain('Confirmed 2 Dec 2026, 09:30');
    expect(rowOf(html, 'out@example.com')).toContain('Unsubscribed 5 Dec 2026, 18:00');
    expect(rowOf(html, 'out@example.com')).not.toContain('Confirmed 2 Dec');
  });

  it('with email not set up, says no confirmation is sent, and why for each pending address', () => {
    const html = renderToStaticMarkup(
      <SubscribersView subscribers={subscribers.slice(0, 1)} counts={counts} mailOn={false} now={NOW} />,
    );
    expect(text(html)).toContain('Email is not set up, so no confirmation is sent.');
    expect(rowOf(html, 'waiting@example.com')).toContain('No confirmation sent: email is not set up');
  });
});
