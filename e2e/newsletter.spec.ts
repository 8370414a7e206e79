import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freePort, startNext, type NextServer } from '../scripts/next-process';
import { rawHeader, startSmtp, type ReceivedMail, type SmtpDouble } from '../tests/support/smtp';
import { startStripeDouble, type StripeDouble } from '../tests/support/stripe-double';
import { expectNoA11yViolations } from './fixtures';
import { signInAdmin, startOwnServer, suiteServer, type OwnServer } from './own-server';
import {
  confirmLinkIn,
  confirmOnPage,
  ONE_CLICK,
  subscribeWithFooterForm,
  writeAndSendLetter,
} from './newsletter-helpers';

/**
 * The newsletter end to end (docs/product.md, Newsletter), on servers of its own with a real SMTP
 * server of the spec's (tests/support/smtp.ts) and the Stripe double: visitors subscribe through
 * the footer's form and confirm from the email's link; the owner writes a letter and sends it; one
 * reader unsubscribes with the one-click POST their letter's List-Unsubscribe header names and
 * gets no more; a subscriber's code lowers a print's price at checkout and the order shows it; and
 * a server killed half-way through sending a letter loses and repeats nothing.
 *
 * The build is the suite's, whose SITE_URL is the suite server's address: emails' links and the
 * payment page's way back name that origin, so they are followed on this spec's server instead.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const printTitle = `Newsletter print ${run}`;
const address = (name: string) => `${name}.${run}@example.com`;
const readers = { ada: address('ada'), bo: address('bo') };
const FROM = 'Elena Marsh <letters@newsletter-e2e.example>';
const stripeKeys = { secret: 'sk_test_newsletterE2e', webhook: 'whsec_newsletterE2e' };

let smtp: SmtpDouble;
let stripe: StripeDouble;
let server: OwnServer;
let builtOrigin: string;
let artworkPath: string;
const codes: Record<string, string> = {};
let visitorCount = 0;

/** Runs a test-support script against a stopped server's database. */
function seed(dataDir: string, script: string, ...args: string[]): string {
  const result = spawnSync('node_modules/.bin/tsx', [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return result.stdout;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  const port = await freePort();
  stripe = await startStripeDouble({
    secretKey: stripeKeys.secret,
    webhookSecret: stripeKeys.webhook,
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });
  server = await startOwnServer(
    'newsletter',
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
      NOTIFY_EMAIL: `artist.${run}@example.com`,
      TRUSTED_PROXY_HOPS: '1',
      NEWSLETTER_RATE: '20',
      STRIPE_SECRET_KEY: stripeKeys.secret,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
      STRIPE_API_URL: stripe.url,
    },
    {
      port,
      prepare: (dataDir) => (world = JSON.parse(seed(dataDir, 'tests/support/newsletter-world.ts', printTitle))),
    },
  );
  builtOrigin = new URL(server.siteUrl).origin;
  const art = world!.artwork;
  artworkPath = `/gallery/${art.category.toLowerCase().replace(/\s+/g, '-')}/${art.slug}`;
});
let world: { artwork: { slug: string; category: string } } | undefined;

test.afterAll(async () => {
  await server?.dispose();
  await stripe?.close();
  await smtp?.close();
});

/** A visitor: a browser context of their own, on an address of their own. */
async function visitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': `10.51.0.${++visitorCount}` },
  });
  // Links in emails name the build's origin: follow them here.
  await context.route(`${builtOrigin}/**`, (route) =>
    route.fulfill({ status: 302, headers: { location: onThisServer(route.request().url()) } }),
  );
  // So does the way back from the payment page: redirects, which routes never see past the first.
  // The double's answer is followed here through this server's return route, the cookies it sets
  // kept in the context, and the browser sent on to where it leads, on this server.
  await context.route(`${stripe.url}/**`, async (route) => {
    let response = await route.fetch({ maxRedirects: 0 });
    let location = response.headers()['location'];
    if (!location?.startsWith(builtOrigin)) return route.fulfill({ response });
    while (location?.startsWith(`${builtOrigin}/api/`)) {
      response = await context.request.get(onThisServer(location), { maxRedirects: 0 });
      location = response.headers()['location'];
    }
    await route.fulfill({ status: 303, headers: { location: onThisServer(location ?? '/') } });
  });
  return { context, page: await context.newPage() };
}

const onThisServer = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${server.url}${pathname}${search}`;
};

async function owner(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInAdmin(page);
  return { context, page };
}

/** The first email to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp | string, timeout = 60_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () =>
        (found = smtp.received.find(
          (mail) =>
            mail.envelopeTo.includes(to) &&
            (typeof subject === 'string' ? mail.parsed.subject === subject : subject.test(mail.parsed.subject ?? '')),
        )),
      { timeout, message: `an email to ${to} about ${subject}` },
    )
    .toBeTruthy();
  return found!;
}

const mailsTo = (to: string, subject: string) =>
  smtp.received.filter((mail) => mail.envelopeTo.includes(to) && mail.parsed.subject === subject);

const header = (mail: ReceivedMail, name: string) => rawHeader(mail.raw, name);

async function subscribe(browser: Browser, name: string, email: string) {
  const { context, page } = await visitor(browser);
  await subscribeWithFooterForm(page, name, email);
  await context.close();
}

/** Follows the confirmation email's link, presses the button, and returns the code the page shows. */
async function confirmFromEmail(browser: Browser, email: string): Promise<string> {
  const mail = await mailTo(email, /confirm your subscription/i);
  expect(mail.parsed.text).toContain('new paintings, exhibitions and 20% off prints, cards and coasters');
  const { context, page } = await visitor(browser);
  await page.goto(onThisServer(confirmLinkIn(mail.parsed.text!)));
  const code = await confirmOnPage(page);
  await expectNoA11yViolations(page);
  await context.close();
  return code;
}

test('subscribe, confirm from the email, receive a letter, unsubscribe with one click, and receive no more', async ({
  browser,
  playwright,
}) => {
  await subscribe(browser, 'Ada Reader', readers.ada);
  await subscribe(browser, 'Bo Reader', readers.bo);
  codes.ada = await confirmFromEmail(browser, readers.ada);
  codes.bo = await confirmFromEmail(browser, readers.bo);
  const welcome = await mailTo(readers.ada, /^Welcome/);
  expect(welcome.parsed.text).toContain(codes.ada);

  const { context: ownerContext, page: admin } = await owner(browser);
  const first = `Spring at the Horniman ${run}`;
  await writeAndSendLetter(admin, first, 'The magnolias are out in the gardens.');
  await expect(admin.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '2 of 2 sent');

  const letter = await mailTo(readers.ada, first);
  expect(letter.parsed.html).toContain('The magnolias are out in the gardens.');
  expect(letter.parsed.text).toContain('The magnolias are out in the gardens.');
  expect(letter.parsed.html).toContain(codes.ada);
  expect(header(letter, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = header(letter, 'List-Unsubscribe')!.match(/^<(https?:\/\/[^>]+)>$/)![1]!;
  expect(new URL(oneClick).pathname).toBe('/api/newsletter/unsubscribe');

  // The mailbox provider's one-click POST: from elsewhere, without cookies.
  const provider = await playwright.request.newContext();
  const answer = await provider.post(onThisServer(oneClick), ONE_CLICK);
  expect(answer.status()).toBe(200);
  await provider.dispose();

  const second = `Summer show at the Bussey ${run}`;
  await writeAndSendLetter(admin, second, 'Come and see the new harbour paintings.');
  await expect(admin.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1 of 1 sent');
  await mailTo(readers.bo, second);
  expect(mailsTo(readers.ada, second)).toHaveLength(0);
  expect(mailsTo(readers.ada, first)).toHaveLength(1);
  expect(mailsTo(readers.bo, first)).toHaveLength(1);

  // Each sent letter has its web version.
  await admin.goto('/newsletter');
  await expect(admin.getByRole('link', { name: first })).toBeVisible();
  await admin.getByRole('link', { name: second }).click();
  await expect(admin.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(admin.getByText('Come and see the new harbour paintings.', { exact: true })).toBeVisible();
  await ownerContext.close();
});

test('a subscriber’s code lowers a print’s price at checkout, and the order shows it; a left reader’s code is refused', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.goto(artworkPath);
  const offers = page.getByRole('region', { name: 'Prints and gifts of this painting' });
  await offers.getByRole('button', { name: `Add to basket: ${printTitle}` }).click();
  await expect(page).toHaveURL(/\/shop\/basket\?added=1$/);

  const field = page.getByRole('textbox', { name: 'Discount code' });
  await field.fill(codes.ada!.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is no longer active.');
  await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveAccessibleDescription(/no longer active/);

  await page.getByRole('textbox', { name: 'Discount code' }).fill(` ${codes.bo} `);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount code applied.')).toBeVisible();
  await expect(page.getByText(/Subscriber discount \(20% off prints, cards and coasters\)/)).toContainText('−£8.00');
  await expect(page.getByText('Subtotal')).toContainText('£32.00');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/`));
  await expect(page.getByText(readers.bo)).toBeVisible();
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByLabel('Full name').fill('Bo Reader');
  await page.getByLabel('Address').fill('2 Crescent Wood Road');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('SE26 6RU');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/shop\/thank-you\?checkout=cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Order' })).toBeVisible();
  await expect(page.getByText(`Subscriber discount (${codes.bo})`)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('−£8.00');
  await context.close();

  const { context: ownerContext, page: admin } = await owner(browser);
  await admin.goto('/admin/orders');
  await admin
    .getByRole('link', { name: /Bo Reader/ })
    .first()
    .click();
  await expect(admin.getByText(`Subscriber discount (${codes.bo})`)).toBeVisible();
  await expect(admin.getByRole('main')).toContainText('−£8.00');
  await ownerContext.close();
});

test('a server killed half-way through sending a letter loses and repeats nothing', async ({ browser }) => {
  const sink = await startSmtp();
  const count = 120;
  const crash = await startOwnServer(
    'newsletter-crash',
    { SMTP_URL: sink.url, MAIL_FROM: FROM, NEWSLETTER_RATE: '25' },
    { prepare: (dataDir) => seed(dataDir, 'tests/support/seed-subscribers.ts', String(count), `crash-${run}`) },
  );
  let restarted: NextServer | undefined;
  try {
    const context = await browser.newContext({ baseURL: crash.url });
    const page = await context.newPage();
    await signInAdmin(page);
    const title = `A letter through a crash ${run}`;
    await page.goto('/admin/newsletter/new');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    const body = page.getByRole('textbox', { name: 'Letter', exact: true });
    await body.click();
    await body.pressSequentially('Still here after the lights went out.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send now' }).click();

    // A third of the way through, the mail server takes an email and does not answer; the server dies then.
    await expect.poll(() => sink.received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(40);
    sink.state.hold = true;
    await sink.holding();
    crash.child.kill('SIGKILL');
    await new Promise((resolve) => crash.child.once('exit', resolve));
    // The mail server sees the connection go, and drops the email it never answered.
    await expect.poll(() => sink.state.dropped).toBe(1);
    const before = sink.received.length;
    expect(before).toBeLessThan(count);
    sink.release();

    restarted = await startNext({
      distDir: suiteServer.distDir,
      dataDir: crash.dataDir,
      port: crash.port,
      env: crash.env,
    });
    await expect.poll(() => sink.received.length, { timeout: 120_000 }).toBe(count);
    // Nothing more comes: each address had the letter exactly once.
    await page.waitForTimeout(3_000);
    const recipients = sink.received.map((mail) => mail.envelopeTo.join(','));
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    await page.reload();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', `${count} of ${count} sent`, {
      timeout: 30_000,
    });
    await context.close();
  } finally {
    await restarted?.stop();
    await crash.dispose();
    await sink.close();
  }
});
