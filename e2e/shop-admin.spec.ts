import { expect, test, type Page } from '@playwright/test';
import { waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { signInAdmin, startOwnServer } from './own-server';
import { expectToast } from './site-helpers';

/**
 * The owner's shop screen (docs/product.md, Shop & Payments): on a server without Stripe keys,
 * the switch stays off with the steps to set payments up; on the suite's server, a print with two
 * sizes is added, one's price changed and the other archived; the delivery prices are saved
 * whole. One test after another: they build on the same product. Each run its own titles and
 * SKUs (`--repeat-each` runs them again on the same database).
 */
test.describe.configure({ mode: 'serial' });
test.use({ storageState: signedIn.admin });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const title = `Harbour Lights print ${run}`;
let productPath = '';

const variantForm = (page: Page, label: string) => page.getByRole('form', { name: `Variant ${label}` });

async function addVariant(
  page: Page,
  fields: { label: string; sku: string; price: string; stock: string; weight: string },
) {
  const form = page.getByRole('form', { name: 'Add a variant' });
  await form.getByLabel('Label', { exact: true }).fill(fields.label);
  await form.getByLabel('SKU', { exact: true }).fill(fields.sku);
  await form.getByLabel('Price (£)').fill(fields.price);
  await form.getByLabel('Stock', { exact: true }).fill(fields.stock);
  await form.getByLabel('Weight class').selectOption({ label: fields.weight });
  await form.getByRole('button', { name: 'Add Variant' }).click();
}

test('without Stripe keys the shop cannot be opened, and the page says how to set payments up', async ({
  browser,
  baseURL,
}) => {
  // The suite's server pays through the Stripe double: a server of this test's own has no keys.
  const server = await startOwnServer('shop-no-keys', {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
  });
  const context = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await signInAdmin(page);
    await withoutKeys(page, baseURL!);
  } finally {
    await context.close();
    await server.dispose();
  }
});

async function withoutKeys(page: Page, baseURL: string) {
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /Shop & Payments/ })).toHaveAttribute('href', '/admin/shop');
  // The store-coming-soon card stays as it was.
  await expect(page.getByRole('link', { name: /Manage Shop Items/ })).toBeVisible();

  await page.goto('/admin/shop');
  await expect(page).toHaveTitle('Shop - Admin');
  const toggle = page.getByRole('switch', { name: 'Open the shop' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('button', { name: 'Save Delivery Prices' })).toBeEnabled();
  // Hydrated, and still disabled: there are no payments to open it with.
  await expect(toggle).toBeDisabled();
  await expect(page.getByText(/Payments are not set up, so the shop cannot be opened yet/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments: not set up' })).toBeVisible();
  const setup = page.getByRole('region', { name: 'Payments: not set up' });
  for (const text of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    `${baseURL}/api/stripe/webhook`,
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.expired',
    'charge.refunded',
    'docs/operations.md',
  ]) {
    await expect(setup.getByText(text, { exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  // On a phone the long event names wrap inside the card: nothing scrolls the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

test('adds a print with two sizes, refuses a bad price, changes a price and archives a size', async ({ page }) => {
  await page.goto('/admin/shop');
  await page.getByRole('link', { name: 'Add a Product' }).click();
  await expect(page).toHaveURL(/\/admin\/shop\/products\/new$/);
  await page.getByLabel('Kind').selectOption({ label: 'Print' });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Giclée print of the painting, on cotton rag.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/admin\/shop\/products\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  productPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  await addVariant(page, {
    label: 'A4 on cotton rag',
    sku: `HL-A4-${run}`,
    price: '35.00',
    stock: '10',
    weight: 'Small parcel',
  });
  await expect(variantForm(page, 'A4 on cotton rag')).toBeVisible();
  await addVariant(page, {
    label: 'A3 on cotton rag',
    sku: `HL-A3-${run}`,
    price: '55',
    stock: '',
    weight: 'Large parcel',
  });
  await expect(variantForm(page, 'A3 on cotton rag')).toBeVisible();
  await expect(variantForm(page, 'A3 on cotton rag').getByLabel('Price (£)')).toHaveValue('55.00');

  // A price with three decimals is refused by its field, and nothing is added.
  await addVariant(page, { label: 'A5 on cotton rag', sku: '', price: '3.999', stock: '', weight: 'Letter' });
  const price = page.getByRole('form', { name: 'Add a variant' }).getByLabel('Price (£)');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page
      .getByRole('form', { name: 'Add a variant' })
      .getByText('Enter the price in pounds, e.g. 35.00: an amount above 0 with at most two decimals.'),
  ).toBeVisible();
  // The same SKU as another variant is refused, naming it.
  await addVariant(page, { label: 'A5 on cotton rag', sku: `HL-A4-${run}`, price: '20', stock: '', weight: 'Letter' });
  await expect(page.getByRole('form', { name: 'Add a variant' }).getByRole('alert')).toHaveText(
    `That SKU is already used by ${title}, A4 on cotton rag.`,
  );
  await page.reload();
  await expect(page.getByRole('form', { name: /^Variant / })).toHaveCount(2);

  const a4 = variantForm(page, 'A4 on cotton rag');
  await a4.getByLabel('Price (£)').fill('38.50');
  await a4.getByRole('button', { name: 'Save A4 on cotton rag' }).click();
  await expectToast(page, 'Variant saved');
  await page.reload();
  await expect(variantForm(page, 'A4 on cotton rag').getByLabel('Price (£)')).toHaveValue('38.50');
  await expect(variantForm(page, 'A4 on cotton rag').getByLabel('Stock', { exact: true })).toHaveValue('10');
  await expect(variantForm(page, 'A3 on cotton rag').getByLabel('Stock', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'Archive A3 on cotton rag' }).click();
  await expect(page.getByRole('button', { name: 'Unarchive A3 on cotton rag' })).toBeVisible();
  await expect(variantForm(page, 'A3 on cotton rag').getByText('Archived: not for sale.')).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoA11yViolations(page);

  await page.goto('/admin/shop');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell', { name: '1 (+1 archived)' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '£38.50' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'For sale' })).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
});

test('saves the delivery prices together, and a bad one saves none', async ({ page }) => {
  await page.goto('/admin/shop');
  const ukLetter = page.getByRole('textbox', { name: 'UK, Letter (£)' });
  const europeLarge = page.getByRole('textbox', { name: 'Europe, Large parcel (£)' });
  const before = { uk: await ukLetter.inputValue(), europe: await europeLarge.inputValue() };
  const save = page.getByRole('button', { name: 'Save Delivery Prices' });

  await ukLetter.fill('3.10');
  await europeLarge.fill('abc');
  await save.click();
  await expect(europeLarge).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Europe, Large parcel: Enter the rate in pounds/)).toBeVisible();
  await page.reload();
  await expect(ukLetter).toHaveValue(before.uk);

  await ukLetter.fill('3.10');
  await europeLarge.fill('36');
  await save.click();
  await expectToast(page, 'Delivery prices saved');
  await page.reload();
  await expect(ukLetter).toHaveValue('3.10');
  await expect(europeLarge).toHaveValue('36.00');

  // As they were, for whatever runs next on this server.
  await ukLetter.fill(before.uk);
  await europeLarge.fill(before.europe);
  await save.click();
  await expectToast(page, 'Delivery prices saved');
});
