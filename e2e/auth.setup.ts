import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { ownClientAddress, signedIn } from './fixtures';
import { accounts } from './world';

// Each account signs in once per run through the login form; the specs reuse the saved state.
const landings = {
  admin: 'Admin Dashboard',
  viewer: 'Access Denied',
  faults: 'Access Denied',
  slowAdmin: 'Admin Dashboard',
} as const;

for (const name of ['admin', 'viewer', 'faults', 'slowAdmin'] as const) {
  setup(`sign in as ${name}`, async ({ page }) => {
    await page.setExtraHTTPHeaders(ownClientAddress());
    await page.goto('/admin');
    await page.getByLabel('Email').fill(accounts[name].email);
    await page.getByLabel('Password').fill(accounts[name].password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: landings[name] })).toBeVisible();
    await fs.mkdir(path.dirname(signedIn[name]), { recursive: true });
    await page.context().storageState({ path: signedIn[name] });
  });
}
