import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, ownClientAddress } from './fixtures';
import { accounts } from './world';

const account = accounts.twoFactor;

/** The code an authenticator app shows for the key, `steps` 30-second steps from now. */
function codeFor(key: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

async function signInWithPassword(page: Page, who: { email: string; password: string } = account) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
}

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

test('two-factor sign-in: turned on with a code from the shown key, then password + code, and a recovery code once', async ({
  page,
}) => {
  // Its own account and address: nothing here touches another test's sign-ins.
  await page.setExtraHTTPHeaders(ownClientAddress());
  await signInWithPassword(page);
  await expect(dashboard(page)).toBeVisible();

  // Turn it on from the account page.
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for setting up two-factor sign-in' })).toBeVisible();
  const key = (await page.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page);
  await page.getByLabel('Code from the app').fill(codeFor(key));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();

  const codes = page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // Password, then the code (the next time step's: the one used to turn it on is spent).
  await signOut(page);
  await signInWithPassword(page);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(dashboard(page)).toHaveCount(0);
  // Half signed in is not signed in: the account page shows the code step, not the account.
  await page.goto('/admin/account');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  // A recovery code signs in once.
  await signOut(page);
  await signInWithPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  // The same recovery code a second time does not, and a wrong code ends the half sign-in:
  // back to the password, which says why.
  await signOut(page);
  await signInWithPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'That code did not work. For your safety, please sign in again' }),
  ).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Recovery code')).toHaveCount(0);
  await expect(dashboard(page)).toHaveCount(0);
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);

  // Leave the account as it was: in with another recovery code, then off with the password and
  // a third (an app code could fall in the time step the sign-in above has just used).
  await signInWithPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();
  await page.goto('/admin/account');
  await expect(page.getByText('8 of 10 recovery codes left.')).toBeVisible();
  // An open session alone cannot turn it off: the password is asked again.
  await page.getByLabel('Your password').fill('not the password at all');
  await page.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[2]!);
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'That password is not right. Two-factor sign-in is still on.' }),
  ).toBeVisible();
  await expect(page.getByText('8 of 10 recovery codes left.')).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoA11yViolations(page);
  await page.getByLabel('Your password').fill(account.password);
  await page.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[2]!);
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
});

test('turning two-factor on or off ends every other session: a half sign-in with the password alone never becomes a session', async ({
  browser,
}) => {
  const who = accounts.twoFactorSessions;
  const browserOf = async () => {
    const context = await browser.newContext({ extraHTTPHeaders: ownClientAddress() });
    return { context, page: await context.newPage() };
  };
  const [before, owner, thief] = await Promise.all([browserOf(), browserOf(), browserOf()]);
  const adminLogin = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Login' });
  // Signed in before two-factor sign-in is turned on, with the password alone.
  await signInWithPassword(before.page, who);
  await expect(dashboard(before.page)).toBeVisible();

  await signInWithPassword(owner.page, who);
  await expect(dashboard(owner.page)).toBeVisible();
  await owner.page.goto('/admin/account');
  await owner.page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const key = (await owner.page.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
  await owner.page.getByLabel('Code from the app').fill(codeFor(key));
  await owner.page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codeItems = owner.page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allTextContents();
  await owner.page.getByRole('button', { name: 'I have saved them' }).click();

  // Turning it on ended the session from before.
  await before.page.goto('/admin');
  await expect(adminLogin(before.page)).toBeVisible();
  // Someone with the password alone: a half sign-in, at the code step.
  await signInWithPassword(thief.page, who);
  await expect(thief.page.getByLabel('Authentication code')).toBeVisible();
  expect((await thief.context.request.get('/debug/probe/auth')).status()).toBe(401);

  // The owner turns it off (password and a recovery code): the half sign-in does not become a
  // session, and the session from before stays ended.
  await owner.page.goto('/admin/account');
  await owner.page.getByLabel('Your password').fill(who.password);
  await owner.page.getByLabel('Code from the app, or a recovery code').fill(codes[0]!);
  await owner.page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(owner.page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  expect((await thief.context.request.get('/debug/probe/auth')).status()).toBe(401);
  await thief.page.goto('/admin');
  await expect(adminLogin(thief.page)).toBeVisible();
  await expect(thief.page.getByLabel('Authentication code')).toHaveCount(0);
  await before.page.goto('/admin');
  await expect(adminLogin(before.page)).toBeVisible();
  // The owner's own session goes on.
  await owner.page.goto('/admin');
  await expect(dashboard(owner.page)).toBeVisible();
  expect((await owner.context.request.get('/debug/probe/auth')).status()).toBe(200);
  await Promise.all([before, owner, thief].map(({ context }) => context.close()));
});
