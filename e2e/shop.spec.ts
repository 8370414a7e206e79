import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { deleteFromList, submitNewArtwork, waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, ownClientAddress, signedIn } from './fixtures';
import { HTML_BUDGET, JS_BUDGET, pageWeight } from './page-weight';
import { expectToast, jsonLdNodes } from './site-helpers';

/**
 * The shop, open (docs/product.md, The shop open), on the suite's server, whose payments go to
 * the Stripe double (scripts/e2e-server.mjs, tests/support/stripe-double-server.ts): the owner
 * adds a painting and a print of it with two sizes and opens the shop; a visitor buys the print and
 * the original through the double's hosted page; the original then reads Sold on its page and in
 * its JSON-LD; two visitors at once for one original make one checkout; a webhook sent again
 * changes nothing; a painting the owner marks Sold herself (after an exhibition) is offered
 * nowhere. The shop is closed again at the end: the suite's other specs read it closed.
 * @writes: it adds paintings and opens the shop, so it runs after the read tests.
 */
test.describe.configure({ mode: 'serial' });
test.use({ storageState: signedIn.admin });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const paintings = {
  sold: {
    title: `Shop Heron ${run}`,
    slug: `shop-heron-${run}`,
    category: 'Landscapes',
    description: 'A heron on the Dulwich lake.',
    alt: 'A grey heron by still water',
    price: '450',
  },
  race: {
    title: `Shop Kestrel ${run}`,
    slug: `shop-kestrel-${run}`,
    category: 'Landscapes',
    description: 'A kestrel over the common.',
    alt: 'A kestrel hovering',
    price: '380',
  },
  link: {
    title: `Shop Magpie ${run}`,
    slug: `shop-magpie-${run}`,
    category: 'Landscapes',
    description: 'A magpie on a chimney.',
    alt: 'A magpie on a chimney pot',
    price: '350',
  },
  debit: {
    title: `Shop Wren ${run}`,
    slug: `shop-wren-${run}`,
    category: 'Landscapes',
    description: 'A wren in the hedge.',
    alt: 'A wren in a hawthorn hedge',
    price: '290',
  },
  exhibition: {
    title: `Shop Curlew ${run}`,
    slug: `shop-curlew-${run}`,
    category: 'Landscapes',
    description: 'A curlew on the estuary.',
    alt: 'A curlew on wet sand',
    price: '420',
  },
};
const pathOf = (art: { slug: string }) => `/gallery/landscapes/${art.slug}`;
const printTitle = `Shop Heron print ${run}`;
const buyer = {
  email: `buyer-${run}@example.com`,
  name: 'Ada Buyer',
  line1: '1 Crescent Road',
  city: 'London',
  postalCode: 'SE19 1AA',
};
const stripeUrl = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000}`;
const stripeAuth = { authorization: 'Bearer sk_test_e2eSuiteDouble' };
/** The scripts an artwork page loads while the shop is closed, to hold the open shop's against. */
let closedArtworkScripts: string[] = [];

async function adminPage(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, storageState: signedIn.admin });
  return { context, page: await context.newPage() };
}

async function setShopOpen(page: Page, open: boolean) {
  await page.goto('/admin/shop');
  const toggle = page.getByRole('switch', { name: 'Open the shop' });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== String(open)) {
    await toggle.click();
    await expectToast(page, open ? 'Shop opened' : 'Shop closed');
  }
  await expect(toggle).toHaveAttribute('aria-checked', String(open));
}

/** Pays on the double's hosted page, as a buyer fills Stripe's (by card unless `method` says otherwise). */
async function payOnHostedPage(page: Page, method: 'Card' | 'Bacs Direct Debit' = 'Card') {
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/c/pay/`));
  await page.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Full name').fill(buyer.name);
  await page.getByLabel('Address').fill(buyer.line1);
  await page.getByLabel('City').fill(buyer.city);
  await page.getByLabel('Postcode').fill(buyer.postalCode);
  await page.getByRole('button', { name: 'Pay' }).click();
}

// Whatever the outcome: the shop closed, the paintings gone (their print stays, archived by no one: harmless).
test.afterAll(async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser, baseURL);
  try {
    await setShopOpen(page, false);
    for (const art of Object.values(paintings)) await deleteFromList(page, art.title);
  } finally {
    await context.close();
  }
});

test('the owner adds a painting and a print of it in two sizes, and opens the shop @writes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const art of Object.values(paintings)) await submitNewArtwork(page, art);
  await page.goto('/admin/shop/products/new');
  await page.getByLabel('Kind').selectOption({ label: 'Print' });
  await page.getByLabel('Title').fill(printTitle);
  await page.getByLabel('Description').fill('Giclée print on cotton rag.');
  await page.getByLabel('Made from the painting').selectOption({ label: paintings.sold.title });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/admin\/shop\/products\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  for (const size of [
    { label: 'A4', price: '35', stock: '', weight: 'Small parcel' },
    { label: 'A3', price: '55', stock: '3', weight: 'Large parcel' },
  ]) {
    const form = page.getByRole('form', { name: 'Add a variant' });
    await form.getByLabel('Label', { exact: true }).fill(size.label);
    await form.getByLabel('Price (£)').fill(size.price);
    await form.getByLabel('Stock', { exact: true }).fill(size.stock);
    await form.getByLabel('Weight class').selectOption({ label: size.weight });
    await form.getByRole('button', { name: 'Add Variant' }).click();
    await expect(page.getByRole('form', { name: `Variant ${size.label}` })).toBeVisible();
  }
  await waitForToastsToClose(page);
  const closed = await visitor(browser, baseURL);
  closedArtworkScripts = (await pageWeight(closed.page, pathOf(paintings.race))).scripts;
  await closed.context.close();
  await setShopOpen(page, true);
  await expect(page.getByText(/Payments: connected \(test mode\)/)).toBeVisible();
});

/** A visitor: a context of their own, signed in as no one, from an address of their own (checkouts are limited per address). */
async function visitor(
  browser: Browser,
  baseURL: string | undefined,
  options = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: ownClientAddress(),
    ...options,
  });
  return { context, page: await context.newPage() };
}

test('the open shop keeps to the public page budget, and its forms add no script to an artwork page @writes', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await visitor(browser, baseURL);
  try {
    const artwork = await pageWeight(page, pathOf(paintings.race));
    await expect(page.getByRole('button', { name: `Buy this original: ${paintings.race.title}` })).toBeVisible();
    expect(artwork.scripts).toEqual(closedArtworkScripts);
    for (const path of ['/shop', '/shop/page/2', '/shop/prints', pathOf(paintings.race), '/shop/basket']) {
      const weight = await pageWeight(page, path);
      console.log(
        `[budget] ${path} (shop open): ${weight.scripts.length} scripts, ${weight.jsGzip} B gzipped (budget ${JS_BUDGET} B), HTML ${weight.htmlBytes} B`,
      );
      expect(weight.jsGzip, weight.scripts.join('\n')).toBeLessThanOrEqual(JS_BUDGET);
      expect(weight.htmlBytes).toBeLessThanOrEqual(HTML_BUDGET);
    }
  } finally {
    await context.close();
  }
});

test("the shop's list adds an original to the basket through its one shared form, with and without JavaScript @writes", async ({
  browser,
  baseURL,
}) => {
  // Each card's "Buy this original" submits the list's one form (components/site/shop/buy-forms.tsx),
  // naming its painting: hydrated, React posts it with the button's value; before any script, the browser does.
  for (const javaScriptEnabled of [true, false]) {
    const { context, page } = await visitor(browser, baseURL, { javaScriptEnabled });
    try {
      await page.goto('/shop/originals');
      await page.getByRole('button', { name: `Buy this original: ${paintings.race.title}` }).click();
      await expect(page, `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`).toHaveURL(/\/shop\/basket/);
      await expect(page.getByRole('button', { name: `Remove ${paintings.race.title}` })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
    } finally {
      await context.close();
    }
  }
});

test('a visitor buys the print and the original: basket, checkout, the hosted page, thank-you; the original then reads Sold @writes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await visitor(browser, baseURL);
  try {
    await page.goto(pathOf(paintings.sold));
    // "Enquire to Purchase" stays beside it.
    await expect(page.getByRole('button', { name: 'Enquire to Purchase' })).toBeVisible();
    const offers = page.getByRole('region', { name: 'Prints and gifts of this painting' });
    await offers.getByLabel('Option').selectOption({ label: 'A3, £55.00' });
    await offers.getByRole('button', { name: `Add to basket: ${printTitle}` }).click();
    await expect(page).toHaveURL(/\/shop\/basket\?added=1$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Added to your basket.');
    await page.goto(pathOf(paintings.sold));
    await page.getByRole('button', { name: `Buy this original: ${paintings.sold.title}` }).click();
    await expect(page).toHaveURL(/\/shop\/basket/);
    const lines = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Remove / }) });
    await expect(lines).toHaveCount(2);
    await expect(page.getByText('Subtotal')).toContainText('£505.00');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Pay £505.00' })).toBeVisible();
    await payOnHostedPage(page);
    await expect(page).toHaveURL(/\/shop\/thank-you\?checkout=cs_test_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Order' })).toBeVisible();
    await expect(page.getByText(`A confirmation is on its way to ${buyer.email}.`)).toBeVisible();
    await expect(page.getByText(`${paintings.sold.title} (original painting)`)).toBeVisible();
    await expect(page.getByText(`${printTitle}, A3`)).toBeVisible();
    await expectNoA11yViolations(page);

    // The basket was emptied on the way back.
    await page.goto('/shop/basket');
    await expect(page.getByText('Your basket is empty.')).toBeVisible();

    // Sold: on its page (no "Buy this original"), in its JSON-LD, and gone from the shop's originals.
    await page.goto(pathOf(paintings.sold));
    await expect(page.getByText('Sold', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);
    const product = (await jsonLdNodes(page)).find(
      (node) => Array.isArray(node['@type']) && (node['@type'] as string[]).includes('Product'),
    );
    expect((product?.offers as { availability?: string } | undefined)?.availability).toBe('https://schema.org/SoldOut');
    await page.goto('/shop/originals');
    await expect(page.getByRole('heading', { name: paintings.sold.title })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: paintings.race.title })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('two visitors check out the same original at once: one goes on to pay, the other is told it is reserved @writes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const buyers = await Promise.all([visitor(browser, baseURL), visitor(browser, baseURL)]);
  try {
    for (const { page } of buyers) {
      await page.goto(pathOf(paintings.race));
      await page.getByRole('button', { name: `Buy this original: ${paintings.race.title}` }).click();
      await expect(page).toHaveURL(/\/shop\/basket/);
      await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
    }
    await Promise.all(buyers.map(({ page }) => page.getByRole('button', { name: 'Checkout' }).click()));
    const landed = await Promise.all(
      buyers.map(async ({ page }) => {
        await expect(page).toHaveURL(new RegExp(`^(${stripeUrl}/c/pay/|${baseURL}/shop/basket\\?problem=changed)`), {
          timeout: 30_000,
        });
        return page.url().startsWith(stripeUrl) ? 'paying' : 'refused';
      }),
    );
    expect([...landed].sort()).toEqual(['paying', 'refused']);
    const refused = buyers[landed.indexOf('refused')]!.page;
    await expect(refused.getByRole('main').getByRole('alert')).toHaveText(
      'Something in your basket has changed since you added it (see below). Nothing was charged.',
    );
    await expect(
      refused.getByText('Reserved by another buyer at the moment: it may be free again within half an hour.'),
    ).toBeVisible();
    await expect(refused.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    // The page of the painting says so too.
    await refused.goto(pathOf(paintings.race));
    await expect(refused.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(refused.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);

    // The one paying goes back instead: the painting is free again at once.
    const paying = buyers[landed.indexOf('paying')]!.page;
    await paying.getByRole('link', { name: 'Back' }).click();
    await expect(paying).toHaveURL(/\/shop\/basket\?cancelled=1$/);
    await expect(paying.getByRole('main').getByRole('status')).toHaveText(
      'Checkout cancelled: nothing was charged, and your basket is as you left it.',
    );
    await refused.goto(pathOf(paintings.race));
    await expect(refused.getByRole('button', { name: `Buy this original: ${paintings.race.title}` })).toBeVisible();
  } finally {
    await Promise.all(buyers.map(({ context }) => context.close()));
  }
});

test('the order reaches the owner: to ship on /admin/orders and the dashboard, then marked shipped @writes', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /\d+ to ship/ })).toBeVisible();
  await page.goto('/admin/orders');
  const row = page
    .getByRole('row')
    .filter({ hasText: buyer.email })
    .filter({ hasText: `${paintings.sold.title} (original painting)` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${printTitle}, A3`);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await page.getByLabel('Carrier').fill('Royal Mail');
  await page.getByLabel('Tracking number (optional)').fill(`RM${run}GB`);
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  // The suite's server sends no email: the buyer's waits in the outbox (the unit tests deliver it to an SMTP server).
  await expectToast(page, 'Marked as shipped');
  await page.goto('/admin/orders?view=shipped');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: buyer.email })
      .filter({ hasText: `${paintings.sold.title} (original painting)` }),
  ).toHaveCount(1);
  await waitForToastsToClose(page);
  await expectNoA11yViolations(page);
});

test('a payment event sent again changes nothing @writes', async ({ page, request }) => {
  const events = (await (await request.get(`${stripeUrl}/_double/events`, { headers: stripeAuth })).json()) as {
    id: string;
    type: string;
  }[];
  const paid = events.filter((event) => event.type === 'checkout.session.completed').at(-1);
  expect(paid).toBeDefined();
  const resent = await request.post(`${stripeUrl}/_double/events/${paid!.id}/resend`, { headers: stripeAuth });
  expect(resent.ok()).toBe(true);
  const [delivery] = ((await resent.json()) as { deliveries: { status: number; answer: { outcome: string } }[] })
    .deliveries;
  expect(delivery).toMatchObject({ status: 200, answer: { outcome: 'duplicate' } });
  // The A3 stock the sale took (3 → 2) is as it was.
  await page.goto('/admin/shop');
  await page.getByRole('link', { name: printTitle }).click();
  await expect(page.getByRole('form', { name: 'Variant A3' }).getByLabel('Stock', { exact: true })).toHaveValue('2');
});

test('a £5 Payment Link naming a held original’s order pays nothing: the painting stays reserved, the owner is told to refund it @writes', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const buyerVisit = await visitor(browser, baseURL);
  const attacker = await visitor(browser, baseURL);
  try {
    // A buyer holds the £350 original on Stripe's page; its order's id is on the way back.
    await buyerVisit.page.goto(pathOf(paintings.link));
    await buyerVisit.page.getByRole('button', { name: `Buy this original: ${paintings.link.title}` }).click();
    await buyerVisit.page.getByRole('button', { name: 'Checkout' }).click();
    await expect(buyerVisit.page).toHaveURL(new RegExp(`^${stripeUrl}/c/pay/`));
    const cancelUrl = new URL((await buyerVisit.page.getByRole('link', { name: 'Back' }).getAttribute('href'))!);
    const orderId = cancelUrl.searchParams.get('cancelled')!;
    expect(cancelUrl.searchParams.get('key')).toMatch(/^[\w-]{16,}$/);
    // The order's id alone does not release it: the cancel address needs the checkout's secret.
    const forged = await request.get(`/api/shop/return?cancelled=${orderId}`, { maxRedirects: 0 });
    expect(forged.status()).toBe(303);
    await attacker.page.goto(pathOf(paintings.link));
    await expect(attacker.page.getByText('Reserved', { exact: true })).toBeVisible();

    // Someone opens the account's Payment Link with ?client_reference_id=<that order> and pays £5.
    const link = (await (
      await request.post(`${stripeUrl}/_double/outside`, {
        headers: stripeAuth,
        form: { amount: '500', client_reference_id: orderId },
      })
    ).json()) as { id: string; url: string };
    await attacker.page.goto(link.url);
    await expect(attacker.page.getByRole('heading', { name: 'Pay £5.00' })).toBeVisible();
    await payOnHostedPage(attacker.page);
    await expect(attacker.page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

    // Nothing sold: the painting is still held for its buyer, and no order is paid.
    await attacker.page.goto(pathOf(paintings.link));
    await expect(attacker.page.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(attacker.page.getByText('Sold', { exact: true })).toHaveCount(0);
    await page.goto('/admin/orders?view=all');
    await expect(page.getByRole('row').filter({ hasText: paintings.link.title })).toHaveCount(0);
    const stray = page.getByRole('region', { name: 'A payment arrived that matches no order: refund it in Stripe' });
    await expect(stray).toContainText(link.id);
    await expect(stray).toContainText('£5.00');
    await expectNoA11yViolations(page);
    await stray
      .getByRole('listitem')
      .filter({ hasText: link.id })
      .getByRole('button', { name: 'Refunded in Stripe: dismiss' })
      .click();
    await expect(page.getByText(link.id)).toHaveCount(0);

    // The buyer goes back: their own cancel address releases it.
    await buyerVisit.page.getByRole('link', { name: 'Back' }).click();
    await expect(buyerVisit.page).toHaveURL(/\/shop\/basket\?cancelled=1$/);
    await attacker.page.goto(pathOf(paintings.link));
    await expect(
      attacker.page.getByRole('button', { name: `Buy this original: ${paintings.link.title}` }),
    ).toBeVisible();
  } finally {
    await buyerVisit.context.close();
    await attacker.context.close();
  }
});

test('a buyer paying by Bacs Direct Debit keeps the original through the back button until the debit clears @writes', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const first = await visitor(browser, baseURL);
  const second = await visitor(browser, baseURL);
  try {
    await first.page.goto(pathOf(paintings.debit));
    await first.page.getByRole('button', { name: `Buy this original: ${paintings.debit.title}` }).click();
    await first.page.getByRole('button', { name: 'Checkout' }).click();
    await payOnHostedPage(first.page, 'Bacs Direct Debit');
    await expect(first.page).toHaveURL(/\/shop\/thank-you\?checkout=cs_test_/);
    await expect(
      first.page.getByRole('heading', { level: 1, name: 'Thank You: Your Payment Is on Its Way' }),
    ).toBeVisible();
    const checkoutId = new URL(first.page.url()).searchParams.get('checkout')!;

    // The back button after paying: Stripe's page is no longer active, and its Back leads to the cancel address.
    await first.page.goBack();
    await expect(first.page.getByRole('heading', { name: 'This Checkout Session is no longer active' })).toBeVisible();
    await first.page.getByRole('link', { name: 'Back' }).click();
    await expect(
      first.page.getByRole('heading', { level: 1, name: 'Thank You: Your Payment Is on Its Way' }),
    ).toBeVisible();

    // Still held for the first buyer: a second buyer cannot buy it.
    await second.page.goto(pathOf(paintings.debit));
    await expect(second.page.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(second.page.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);

    // The debit clears: sold.
    const settled = await request.post(`${stripeUrl}/_double/sessions/${checkoutId}/settle-succeeded`, {
      headers: stripeAuth,
    });
    expect(((await settled.json()) as { deliveries: unknown[] }).deliveries).toMatchObject([
      { status: 200, answer: { outcome: 'applied' } },
    ]);
    await second.page.goto(pathOf(paintings.debit));
    await expect(second.page.getByText('Sold', { exact: true }).first()).toBeVisible();
    await first.page.reload();
    await expect(first.page.getByRole('heading', { level: 1, name: 'Thank You for Your Order' })).toBeVisible();
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('the owner takes a painting off sale: its page and the shop stop offering it at once @writes', async ({
  page,
  browser,
  baseURL,
}) => {
  const { context, page: visit } = await visitor(browser, baseURL);
  try {
    await visit.goto(pathOf(paintings.race));
    await expect(visit.getByRole('button', { name: `Buy this original: ${paintings.race.title}` })).toBeVisible();
    await page.goto('/admin/artworks/manage');
    await page.getByRole('link', { name: `Edit ${paintings.race.title}` }).click();
    await page.getByRole('checkbox', { name: 'For sale' }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);
    await visit.goto(pathOf(paintings.race));
    await expect(visit.getByRole('button', { name: 'Enquire to Purchase' })).toBeVisible();
    await expect(visit.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);
    await visit.goto('/shop/originals');
    await expect(visit.getByRole('heading', { name: paintings.race.title })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the owner marks a painting Sold after an exhibition: the shop, its page and a posted Buy this original no longer offer it @writes', async ({
  page,
  browser,
  baseURL,
}) => {
  const art = paintings.exhibition;
  const { context, page: visit } = await visitor(browser, baseURL);
  try {
    // Offered first (the newest original, so on the first page); the page is kept open, as a tab would be.
    await visit.goto('/shop/originals');
    await expect(visit.getByRole('heading', { name: art.title })).toBeVisible();
    await visit.goto(pathOf(art));
    const buy = visit.getByRole('button', { name: `Buy this original: ${art.title}` });
    await expect(buy).toBeVisible();

    // Sold at the exhibition: the owner writes it in Availability, and leaves For sale ticked.
    await page.goto('/admin/artworks/manage');
    await page.getByRole('link', { name: `Edit ${art.title}` }).click();
    await expect(page.getByRole('checkbox', { name: 'For sale' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Availability', exact: true }).fill('Sold');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);

    // The stale page's form, posted: refused, and the basket stays empty.
    await buy.click();
    await expect(visit).toHaveURL(/\/shop\/basket\?problem=gone$/);
    await expect(visit.getByRole('main').getByRole('alert')).toHaveText(
      'That item is no longer for sale, so it was not added to your basket.',
    );
    await expect(visit.getByText('Your basket is empty.')).toBeVisible();

    // Its page: no "Buy this original", Availability Sold, the JSON-LD's Offer SoldOut; the enquiry stays.
    await visit.goto(pathOf(art));
    await expect(visit.getByRole('button', { name: 'Enquire to Purchase' })).toBeVisible();
    await expect(visit.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);
    await expect(visit.getByText('Sold', { exact: true }).first()).toBeVisible();
    const product = (await jsonLdNodes(visit)).find(
      (node) => Array.isArray(node['@type']) && (node['@type'] as string[]).includes('Product'),
    );
    expect((product?.offers as { availability?: string } | undefined)?.availability).toBe('https://schema.org/SoldOut');
    // And the shop no longer lists it, filtered or not.
    for (const path of ['/shop/originals', '/shop']) {
      await visit.goto(path);
      await expect(visit.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(visit.getByRole('heading', { name: art.title })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});

test("the open shop is accessible on desktop and phone: the shop, an artwork page, the basket and the owner's shop screen @writes", async ({
  browser,
  baseURL,
  page,
}) => {
  for (const path of ['/shop', '/shop/prints', pathOf(paintings.race)]) {
    await page.goto(path);
    await expectNoA11yViolations(page);
  }
  for (const path of ['/admin/shop', '/admin/orders']) {
    await page.goto(path);
    await expectNoA11yViolations(page);
  }
  const phone = await visitor(browser, baseURL, devices['Pixel 7']);
  try {
    for (const path of ['/shop', pathOf(paintings.race), '/shop/basket']) {
      await phone.page.goto(path);
      await expectNoA11yViolations(phone.page);
    }
  } finally {
    await phone.context.close();
  }
  const owner = await browser.newContext({ ...devices['Pixel 7'], baseURL, storageState: signedIn.admin });
  try {
    const ownerPage = await owner.newPage();
    for (const path of ['/admin/shop', '/admin/orders']) {
      await ownerPage.goto(path);
      await expectNoA11yViolations(ownerPage);
    }
  } finally {
    await owner.close();
  }
});
