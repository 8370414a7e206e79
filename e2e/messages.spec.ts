import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expectNoA11yViolations, ownClientAddress, signedIn } from './fixtures';
import { csvRows } from '../tests/support/csv';
import { expect, test } from './faults';
import { expectToast, hydrated, recordWrites } from './site-helpers';
import { publishedSeed } from './world';

/**
 * Enquiries reach the artist (docs/product.md, Messages). The switch is site-wide, so this runs
 * with the @writes tests, after every spec that expects the forms to be display-only, one test
 * after another, and switches messages off again at the end. Each visitor is a browser of its own
 * with an address of its own (the suite's server trusts one proxy hop), so the rate limit of one
 * test never reaches another.
 */
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
/**
 * Each run of a test its own visitors: `--repeat-each` (the changed-tests stage of
 * scripts/test-all.mjs) runs these tests again against the same inbox.
 */
const tag = () => `${run}${test.info().repeatEachIndex}`;
/** A visitor's name in this run, e.g. "Enid Enquirer mwx0fkoe0". */
const who = (name: string) => `${name} ${tag()}`;
// A seeded painting no other test changes (the @writes tests running beside this one add, rename
// and delete paintings of their own, which may be first on /gallery).
const seeded = publishedSeed[0]!;
const artworkPath = `/gallery/${seeded.category!.toLowerCase().replace(/\s+/g, '-')}/${seeded.slug}`;
const email = (name: string) => `${name}.${tag()}@example.com`;

async function browse(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: ownClientAddress(), ...options });
  return { context, page: await context.newPage() };
}

async function owner(browser: Browser) {
  const context = await browser.newContext({ storageState: signedIn.admin });
  return { context, page: await context.newPage() };
}

async function setReceiving(page: Page, on: boolean) {
  await page.goto('/admin/messages');
  const toggle = page.getByRole('switch', { name: 'Receive messages from visitors' });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
    await toggle.click();
    await expectToast(page, on ? 'Messages switched on' : 'Messages switched off');
  }
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

type Fields = { name: string; email: string; subject?: string; message: string };

async function fill(form: Locator, fields: Fields) {
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(fields.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(fields.email);
  if (fields.subject !== undefined)
    await form.getByRole('textbox', { name: 'Subject', exact: true }).fill(fields.subject);
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill(fields.message);
}

/** A person takes more than the 3 s a robot does: the form was shown (focused) long enough ago. */
async function likeAPerson(page: Page) {
  await page.waitForTimeout(3_200);
}

/** Messages off: both forms show their display-only notices and make no request. */
async function expectDisplayOnly(browser: Browser) {
  const { context, page } = await browse(browser);
  await page.goto('/contact');
  const writes = recordWrites(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form).not.toHaveAttribute('method', /post/i);
  await fill(form, { name: 'Ada', email: email('ada'), message: 'Hello' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Contact Form Inactive');
  const footer = page.getByRole('form', { name: 'Send a message' });
  await fill(footer, { name: 'Ada', email: email('ada'), message: 'Hello' });
  await footer.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Feature Inactive');
  expect(writes).toEqual([]);
  await context.close();
}

/** The admin bar's link to the messages, counting `unread` new ones (none: just "Messages"). */
const messagesInBar = (page: Page, unread: number) =>
  page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole(
      'link',
      unread ? { name: new RegExp(`^Messages.*\\b${unread} new`) } : { name: 'Messages', exact: true },
    );

const inboxItem = (page: Page, name: string) =>
  page.getByRole('list', { name: /messages$/ }).getByRole('link', { name: new RegExp(name) });

test('off by default: the forms keep their notices and send nothing', { tag: '@writes' }, async ({ browser }) => {
  const admin = await owner(browser);
  await admin.page.goto('/admin/messages');
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(admin.page.getByRole('switch', { name: 'Receive messages from visitors' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  // The suite's server sends no email: the owner is told what to ask for, not pointed at a file.
  await expect(
    admin.page.getByText(
      'Messages are not emailed to you. To be told of each one by email, ask whoever runs the site to set up outgoing email for it (SMTP_URL and MAIL_FROM).',
    ),
  ).toBeVisible();
  await expectNoA11yViolations(admin.page);

  await admin.context.close();
  await expectDisplayOnly(browser);
});

test(
  'the owner switches on; an enquiry from a painting arrives with it, "1 new", read and replied to',
  { tag: '@writes' },
  async ({ browser }) => {
    const admin = await owner(browser);
    await setReceiving(admin.page, true);
    await admin.page.reload();
    await expect(admin.page.getByRole('switch', { name: 'Receive messages from visitors' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // New messages already waiting (none on a fresh server; an earlier repeat's otherwise).
    const inbox = admin.page.getByRole('link', { name: /^Inbox/ });
    const waiting = Number((await inbox.textContent())!.match(/(\d+) new/)?.[1] ?? 0);

    const { context, page } = await browse(browser);
    await page.goto(artworkPath);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const ask = page.getByRole('link', { name: 'Ask about this painting' });
    await expect(ask).toHaveAttribute('href', /&artwork=[0-9a-f-]{36}$/);
    await ask.click();
    await expect(page).toHaveURL(/\/contact\?subject=/);
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue(`Enquiry: ${title}`);
    await fill(form, {
      name: who('Enid Enquirer'),
      email: email('enid'),
      message: 'Is this painting still available, and is it framed?',
    });
    await likeAPerson(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Sent');
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
    await page.goto('/privacy');
    await expect(page.getByText('Messages are kept until I delete them.', { exact: false })).toBeVisible();
    await context.close();

    const p = admin.page;
    await p.goto('/admin');
    await expect(p.getByRole('link', { name: new RegExp(`Messages.*${waiting + 1} new`) }).first()).toBeVisible();
    await p.goto('/admin/messages');
    await expect(p.getByRole('link', { name: `Inbox ${waiting + 1} new` })).toBeVisible();
    const item = inboxItem(p, who('Enid Enquirer'));
    await expect(item.locator('img')).toHaveAttribute('src', /thumb-400/);
    await expect(item.getByText(who('Enid Enquirer'))).toHaveCSS('font-weight', '600');
    await expectNoA11yViolations(p);
    await item.click();
    await expect(p.getByRole('heading', { level: 2, name: `Enquiry: ${title}` })).toBeVisible();
    // Opened, it is read: the admin bar no longer counts it.
    await expect(messagesInBar(p, waiting)).toBeVisible();
    const painting = p.getByRole('region', { name: 'The painting asked about' });
    await expect(painting).toContainText(title);
    await expect(painting.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', artworkPath);
    await expect(painting.getByRole('link', { name: 'Edit artwork' })).toHaveAttribute(
      'href',
      /^\/admin\/artworks\/edit\/[0-9a-f-]{36}$/,
    );
    const reply = new URL((await p.getByRole('link', { name: 'Reply by email' }).getAttribute('href'))!);
    expect(decodeURIComponent(reply.pathname)).toBe(email('enid'));
    expect(reply.searchParams.get('subject')).toBe(`Re: Enquiry: ${title}`);
    expect(reply.searchParams.get('body')).toContain('> Is this painting still available, and is it framed?');
    await expectNoA11yViolations(p);
    await p.setViewportSize({ width: 412, height: 915 });
    await expectNoA11yViolations(p);

    await p.goto('/admin/messages');
    await expect(inboxItem(p, who('Enid Enquirer')).getByText(who('Enid Enquirer'))).toHaveCSS('font-weight', '400');
    await expect(messagesInBar(p, waiting)).toBeVisible();
    await p.getByRole('combobox', { name: 'Painting' }).selectOption({ label: title });
    await p.getByRole('button', { name: 'Filter' }).click();
    await expect(p).toHaveURL(/painting=[0-9a-f-]{36}/);
    await expect(inboxItem(p, who('Enid Enquirer'))).toBeVisible();
    await expectNoA11yViolations(p);
    await admin.context.close();
  },
);

test(
  'a footer message with subscribe reaches the Subscribers list, pending, and the CSV; what it says shows as text',
  { tag: '@writes' },
  async ({ browser }) => {
    const { context, page } = await browse(browser);
    await page.goto('/about');
    const footer = page.getByRole('form', { name: 'Send a message' });
    const words = 'Hello <img src=x onerror="window.__xss=1"> from the footer';
    await fill(footer, { name: who('Sam Subscriber'), email: email('sam'), message: words });
    await footer.getByRole('checkbox', { name: /Subscribe to my newsletter/ }).check();
    await likeAPerson(page);
    await footer.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Sent');
    await expect(footer.getByRole('checkbox', { name: /Subscribe to my newsletter/ })).not.toBeChecked();
    await context.close();

    const admin = await owner(browser);
    const p = admin.page;
    await p.goto('/admin/messages');
    await inboxItem(p, who('Sam Subscriber')).click();
    await expect(p.getByRole('article').getByText(words)).toBeVisible();
    expect(await p.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(p.locator('article img')).toHaveCount(0);

    await p.getByRole('link', { name: 'Back to Messages' }).click();
    await p.getByRole('link', { name: /^Subscribers/ }).click();
    await expect(p.getByRole('cell', { name: email('sam') })).toBeVisible();
    // This suite's server sends no email: the address waits, pending, and the list says why.
    const row = p.getByRole('row').filter({ has: p.getByRole('cell', { name: email('sam') }) });
    await expect(row.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
    await expect(row).toContainText('No confirmation sent: email is not set up');
    await expectNoA11yViolations(p);
    const csv = await admin.context.request.get('/admin/messages/subscribers.csv');
    expect(csv.headers()['content-type']).toContain('text/csv');
    const rows = csvRows(await csv.text());
    expect(rows[0]).toEqual([
      'email',
      'name',
      'status',
      'consent',
      'asked_at',
      'confirmation_sent_at',
      'confirmed_at',
      'unsubscribed_at',
    ]);
    expect(
      rows.some(
        ([address, name, status]) => address === email('sam') && name === who('Sam Subscriber') && status === 'pending',
      ),
    ).toBe(true);
    await admin.context.close();
  },
);

test('a message sent with scripts off arrives', { tag: '@writes' }, async ({ browser }) => {
  const { context, page } = await browse(browser, { javaScriptEnabled: false });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await fill(form, {
    name: who('Nora Noscript'),
    email: email('nora'),
    subject: 'No scripts here',
    message: 'Sent from a browser without JavaScript.',
  });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Message Sent' })).toBeVisible();
  await context.close();

  const admin = await owner(browser);
  await admin.page.goto('/admin/messages');
  await expect(inboxItem(admin.page, who('Nora Noscript'))).toBeVisible();
  await admin.context.close();
});

test(
  'a filled honeypot and a send within seconds land in Spam; the owner moves one back',
  { tag: '@writes' },
  async ({ browser }) => {
    const robot = await browse(browser);
    await robot.page.goto('/contact');
    let form = robot.page.getByRole('form', { name: 'Contact form' });
    await fill(form, { name: who('Rob Honeypot'), email: email('rob'), message: 'Cheap watches' });
    await form
      .locator('input[name="website"]')
      .evaluate((input: HTMLInputElement) => (input.value = 'http://spam.example'));
    await likeAPerson(robot.page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(robot.page, 'Message Sent');
    await robot.context.close();

    const hasty = await browse(browser);
    await hasty.page.goto('/contact');
    form = hasty.page.getByRole('form', { name: 'Contact form' });
    // The form asks for its signed time when first focused: the send follows the moment it has it.
    const token = hasty.page.waitForResponse((response) => response.url().endsWith('/api/messages/token'));
    await fill(form, { name: who('Harry Hasty'), email: email('harry'), message: 'Sent at once' });
    await token;
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(hasty.page, 'Message Sent');
    await hasty.context.close();

    const admin = await owner(browser);
    const p = admin.page;
    await p.goto('/admin/messages');
    await expect(inboxItem(p, who('Rob Honeypot'))).toHaveCount(0);
    await expect(inboxItem(p, who('Harry Hasty'))).toHaveCount(0);
    await p.getByRole('link', { name: /^Spam/ }).click();
    await expect(inboxItem(p, who('Rob Honeypot'))).toBeVisible();
    await inboxItem(p, who('Harry Hasty')).click();
    await expect(p.getByText('In Spam because it was sent within seconds of the form being shown.')).toBeVisible();
    await p.getByRole('button', { name: 'Not spam' }).click();
    await expectToast(p, 'Moved to the inbox');
    await expect(inboxItem(p, who('Harry Hasty'))).toBeVisible();
    await admin.context.close();
  },
);

test(
  'the sixth message in ten minutes is refused, and a failed store keeps every word',
  { tag: '@writes' },
  async ({ browser, faults }) => {
    const { context, page } = await browse(browser);
    for (let i = 1; i <= 5; i++) {
      const sent = await context.request.post('/api/messages', {
        form: { form: 'footer', name: `Flo ${i}`, email: email('flo'), message: `Message ${i}` },
        headers: { accept: 'application/json' },
      });
      expect(sent.status()).toBe(200);
    }
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    const words = 'My sixth message, which must not be lost.';
    await fill(form, { name: 'Flo', email: email('flo'), message: words });
    await likeAPerson(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Too many messages');
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(words);
    await context.close();

    const other = await browse(browser);
    await faults.on('messages-store', {
      action: 'fail',
      sql: 'insert into "app_private"."messages"',
      mentions: email('gil'),
    });
    await other.page.goto('/contact');
    const contact = other.page.getByRole('form', { name: 'Contact form' });
    await fill(contact, {
      name: 'Gil',
      email: email('gil'),
      subject: 'Still here?',
      message: 'Words the site could not store.',
    });
    // Clicked before the page hydrates, the form would post natively (it works without scripts)
    // and answer with a page, not the toast: a run on a busy machine met that.
    await hydrated(contact);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(other.page, 'Message Not Sent');
    await expect(contact.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
      'Words the site could not store.',
    );
    await expect(contact.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Still here?');
    await other.context.close();
  },
);

test(
  'mark unread, archive, delete with a confirmation; switched off, the forms are display-only again',
  { tag: '@writes' },
  async ({ browser }) => {
    const admin = await owner(browser);
    const p = admin.page;
    await p.goto('/admin/messages');
    await inboxItem(p, who('Nora Noscript')).click();
    await p.getByRole('button', { name: 'Mark unread' }).click();
    await expectToast(p, 'Marked unread');
    await expect(inboxItem(p, who('Nora Noscript')).getByText(who('Nora Noscript'))).toHaveCSS('font-weight', '600');
    await inboxItem(p, who('Nora Noscript')).click();
    await p.getByRole('button', { name: 'Archive' }).click();
    await expectToast(p, 'Archived');
    await expect(inboxItem(p, who('Nora Noscript'))).toHaveCount(0);
    await p.getByRole('link', { name: /^Archive/ }).click();
    await inboxItem(p, who('Nora Noscript')).click();
    await p.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = p.getByRole('alertdialog', { name: 'Delete this message?' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(p);
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expectToast(p, 'Message deleted');
    await expect(inboxItem(p, who('Nora Noscript'))).toHaveCount(0);

    await setReceiving(p, false);
    await admin.context.close();
    await expectDisplayOnly(browser);
  },
);

// Whatever happened above, later runs against this server start from a new site's behaviour.
test.afterAll(async ({ browser }) => {
  const admin = await owner(browser);
  await setReceiving(admin.page, false);
  await admin.context.close();
});
