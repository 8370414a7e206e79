import { expect, test, type Page, type Request } from '@playwright/test';
import { ownClientAddress, signedIn } from './fixtures';

// The browser's telemetry (docs/product.md, Telemetry): a client error reaches logs_app through
// POST /api/telemetry (sendBeacon), answered 202, carrying the page-load id that ties the
// visit's reports together; web vitals go the same way when the page is left. The rows
// themselves are checked in lib/telemetry-intake/handle-telemetry.test.ts (and on the Application
// Logs screen by its own spec).
type Sent = {
  pageLoadId: string;
  events: {
    level: string;
    type: string;
    feature: string;
    message: string;
    url?: string;
    stack?: string;
    meta?: Record<string, unknown>;
  }[];
};

function telemetryRequests(page: Page): { sent: Sent[]; requests: Request[] } {
  const out = { sent: [] as Sent[], requests: [] as Request[] };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/telemetry' && request.method() === 'POST') {
      out.requests.push(request);
      out.sent.push(JSON.parse(request.postData() ?? '{}') as Sent);
    }
  });
  return out;
}

async function throwInPage(page: Page, message: string) {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
    void Promise.reject(new Error(`${text} (rejected)`));
  }, message);
}

// The endpoint limits events per client address: this spec's browsers have one of their own
// (the e2e server trusts one proxy hop), so other specs' page views never use up its budget.
test.use({ extraHTTPHeaders: ownClientAddress() });

const events = (sent: Sent[]) =>
  sent.flatMap((body) => body.events.map((event) => ({ ...event, pageLoadId: body.pageLoadId })));

test('a client error and an unhandled rejection on a public page reach /api/telemetry with the page-load id, answered 202; vitals, final ones on pagehide', async ({
  page,
}) => {
  const { sent, requests } = telemetryRequests(page);
  await page.goto('/gallery');
  await page.waitForLoadState('load');
  // The errors are held from hydration on (components/telemetry/telemetry.tsx): on a loaded
  // machine 'load' can come first, and an error thrown before then was never reported (one CI run
  // saw only the vitals). Hydrated: the navigation marks the page it is on.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const message = `e2e telemetry ${Date.now()}`;
  await throwInPage(page, message);
  // The module loads when the browser is idle and sends about 2 s after an event.
  await expect
    .poll(() => events(sent).map((event) => event.message), { timeout: 15_000 })
    .toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  const reported = events(sent);
  const error = reported.find((event) => event.feature === 'global' && event.message.includes(message))!;
  expect(error).toMatchObject({ level: 'error', type: 'frontend', url: expect.stringContaining('/gallery') });
  expect(error.meta).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
  expect(error.stack).toContain(message);
  expect(reported.find((event) => event.feature === 'promise')).toMatchObject({
    level: 'error',
    type: 'frontend',
    message: `${message} (rejected)`,
  });
  expect(error.pageLoadId).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
  const statuses = await Promise.all(requests.map(async (request) => (await request.response())?.status()));
  expect(statuses.every((status) => status === 202)).toBe(true);

  // Leaving the page (pagehide) reports LCP and CLS, final by then, and sends at once. The event
  // is dispatched on the live page: a beacon from a document already replaced is sent by the
  // browser but not shown to Playwright.
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect
    .poll(
      () =>
        events(sent)
          .filter((event) => event.feature === 'web-vitals')
          .map((event) => event.message),
      { timeout: 15_000 },
    )
    .toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP', 'CLS']));
  const vitals = events(sent).filter(
    (event) => event.feature === 'web-vitals' && event.pageLoadId === error.pageLoadId,
  );
  expect(vitals.length).toBeGreaterThan(0);
  for (const vital of vitals) {
    expect(vital).toMatchObject({ level: 'info', type: 'metric' });
    expect(vital.meta).toEqual({
      value: expect.any(Number),
      rating: expect.stringMatching(/^(good|needs-improvement|poor)$/),
    });
    if (vital.message !== 'CLS') expect(Number.isInteger(vital.meta!.value)).toBe(true);
  }
});

test.describe('on an admin page (CSP nonce with strict-dynamic)', () => {
  test.use({ storageState: signedIn.admin });

  test('the telemetry module loads and reports without a CSP violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (entry) => {
      if (/Content Security Policy/i.test(entry.text())) violations.push(entry.text());
    });
    const { sent, requests } = telemetryRequests(page);
    await page.goto('/admin');
    await page.waitForLoadState('load');
    // Hydrated, so the errors are held (see above): the dashboard's Logout waits, disabled, until then.
    await expect(page.getByRole('button', { name: 'Logout' })).toBeEnabled();
    const message = `e2e admin telemetry ${Date.now()}`;
    await throwInPage(page, message);
    await expect
      .poll(() => events(sent).some((event) => event.feature === 'global' && event.message.includes(message)), {
        timeout: 15_000,
      })
      .toBe(true);
    expect((await requests[0]!.response())?.status()).toBe(202);
    expect(violations).toEqual([]);
  });
});

test('the endpoint refuses malformed, oversize and cross-site reports', async ({ request }) => {
  const ok = { level: 'error', type: 'frontend', feature: 'global', message: 'e2e direct' };
  expect((await request.post('/api/telemetry', { data: { ...ok, level: 'nope' } })).status()).toBe(400);
  expect((await request.post('/api/telemetry', { data: { ...ok, meta: { pad: 'x'.repeat(3000) } } })).status()).toBe(
    413,
  );
  expect(
    (await request.post('/api/telemetry', { data: ok, headers: { 'sec-fetch-site': 'cross-site' } })).status(),
  ).toBe(403);
  expect((await request.post('/api/telemetry', { data: ok, headers: ownClientAddress() })).status()).toBe(202);
});
