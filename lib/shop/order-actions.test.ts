import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import type { MailSettings } from '@/lib/mail';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';

// "Mark as shipped" and the orders CSV through their real guards (adminAction, adminRoute) against
// a test database, as lib/ai/story-actions.test.ts does: only the request scope, the server-only
// marker, Next's after(), the process's database handle and the mail settings are stood in for.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return {
    request: undefined as unknown as { cookieStore(): unknown; headers: Headers },
    db: undefined as Database | undefined,
    mail: null as MailSettings | null,
    after: [] as (() => unknown)[],
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
// connection() as tests/support/next-request-scope.ts has it (this mock replaces that one); after() kept to run by hand.
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => {},
  after: (work: () => unknown) => scope.after.push(work),
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('@/lib/mail', () => ({ mailSettings: () => scope.mail }));

const { markOrderShipped } = await import('./order-actions');
const { GET: ordersCsvRoute } = await import('@/app/admin/orders/orders.csv/route');
const { orderMessages } = await import('./orders');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { mailOutbox, orderLines, orders } = await import('@/lib/db/schema');
const { createSmtpMailer } = await import('@/lib/mail/smtp-adapter');

describe('Mark as shipped and the orders CSV: admins only', () => {
  let db: Database;
  let smtp: SmtpDouble;
  let adminToken: string;
  let viewerToken: string;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    smtp = await startSmtp();
    const admin = await upsertLocalUser(db, {
      email: 'owner@elenamarsh.example',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    adminToken = (await createSession(db, admin.id)).token;
    viewerToken = (await createSession(db, viewer.id)).token;
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });
  beforeEach(() => {
    scope.request = new RequestDouble();
    scope.after.length = 0;
    scope.mail = null;
    smtp.received.length = 0;
  });
  const as = (token: string) =>
    (scope.request.cookieStore() as { set(name: string, value: string): void }).set(SESSION_COOKIE, token);

  async function paidOrder(name = 'Ada Lovelace') {
    const [order] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(orders)
        .values({
          status: 'paid',
          checkoutExpiresAt: new Date(),
          subtotalPence: 900,
          shippingPence: 250,
          totalPence: 1_150,
          email: 'ada@example.com',
          name,
          paidAt: new Date(),
          shippingAddress: {
            name,
            line1: '1 Crescent Road',
            line2: null,
            city: 'London',
            postalCode: 'SE19 1AA',
            state: null,
            country: 'GB',
          },
        })
        .returning(),
    );
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(orderLines).values({ orderId: order!.id, title: 'Heron card, Single', unitPence: 450, quantity: 2 }),
    );
    return order!.id;
  }
  const statusOf = async (id: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ status: orders.status }).from(orders).where(eq(orders.id, id)),
      )
    )[0]!.status;

  it('refuses without a session and for a non-admin, and changes nothing', async () => {
    const id = await paidOrder();
    expect(await markOrderShipped({ id, carrier: 'Royal Mail' })).toEqual({ ok: false, error: 'Sign in required' });
    as(viewerToken);
    expect(await markOrderShipped({ id, carrier: 'Royal Mail' })).toEqual({
      ok: false,
      error: 'This area is restricted to administrators only.',
    });
    expect(await statusOf(id)).toBe('paid');
    expect(
      await asSystem(db, 'test-setup', (sys) => sys.select().from(mailOutbox).where(eq(mailOutbox.messageId, id))),
    ).toEqual([]);
  });

  it('with outgoing email: shipped, "emailed", and the buyer’s email goes once the owner has the answer', async () => {
    scope.mail = {
      mailer: createSmtpMailer(smtp.url),
      from: 'site@elenamarsh.example',
      siteUrl: 'https://elenamarsh.example',
    };
    const id = await paidOrder();
    as(adminToken);
    expect(await markOrderShipped({ id, carrier: 'Royal Mail', tracking: 'RM1' })).toEqual({
      ok: true,
      data: { emailed: true },
    });
    expect(await statusOf(id)).toBe('shipped');
    expect(smtp.received).toHaveLength(0);
    expect(scope.after).toHaveLength(1);
    await scope.after[0]!();
    expect(smtp.received.map((mail) => [mail.envelopeTo, mail.parsed.subject])).toEqual([
      [['ada@example.com'], expect.stringMatching(/^Your order has shipped \(/)],
    ]);
    // Twice: refused, and nothing more is sent.
    expect(await markOrderShipped({ id, carrier: 'DPD' })).toEqual({ ok: false, error: orderMessages.shipped });
  });

  it('without outgoing email: shipped, and the email waits in the outbox; a missing carrier is a field error', async () => {
    const id = await paidOrder();
    as(adminToken);
    expect(await markOrderShipped({ id, carrier: '' })).toMatchObject({
      ok: false,
      fieldErrors: { carrier: ['Say which carrier it went with.'] },
    });
    expect(await markOrderShipped({ id, carrier: 'Royal Mail', tracking: '' })).toEqual({
      ok: true,
      data: { emailed: false },
    });
    expect(scope.after).toHaveLength(0);
    const [queued] = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(mailOutbox).where(eq(mailOutbox.messageId, id)),
    );
    expect(queued).toMatchObject({ kind: 'order-shipped', sentAt: null });
  });

  it('orders.csv: 401 without a session, 403 for a non-admin, the CSV for an admin', async () => {
    await paidOrder('=cmd|calc');
    const get = () =>
      ordersCsvRoute(new Request('http://127.0.0.1/admin/orders/orders.csv', { headers: scope.request.headers }), {
        params: Promise.resolve({}),
      });
    expect((await get()).status).toBe(401);
    as(viewerToken);
    expect((await get()).status).toBe(403);
    as(adminToken);
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=orders.csv');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text.split('\r\n')[0]).toBe(
      '"order_id","date","status","buyer_name","email","address","items","subtotal","shipping","total","refunded","carrier","tracking","discount_code","discount"',
    );
    expect(text).toContain(`"'=cmd|calc"`);
    expect(text).toContain('"2 × Heron card, Single","9.00","2.50","11.50","0.00"');
  });
});
