import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { accounts } from './world';

/**
 * Runs axe-core with the WCAG 2.2 A/AA rules and expects no violations. Waits first for the page's
 * title, which streams in with the page's metadata after the first bytes: axe run before it
 * reports `document-title`. Then for the page's running transitions and animations to end: a toast
 * still fading in has colours half blended with the page's, and axe judged that contrast
 * (`color-contrast` on a toast's `[data-description]`, once in a CI run). Endless animations
 * (spinners) are left running; a long one is waited for two seconds at most.
 */
export async function expectNoA11yViolations(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

export const admin = accounts.admin;

/**
 * Signed-in browser state of each account, written once per run by e2e/auth.setup.ts:
 * `test.use({ storageState: signedIn.admin })`. A test that signs out must sign in through the
 * form itself, or it would end the session every other test shares.
 */
// Per port: a run against another server (E2E_PORT) never overwrites this one's sessions.
const authDir = path.join(__dirname, '.auth', process.env.E2E_PORT ?? '3100');
export const signedIn = {
  admin: path.join(authDir, 'admin.json'),
  viewer: path.join(authDir, 'viewer.json'),
  faults: path.join(authDir, 'faults.json'),
  slowAdmin: path.join(authDir, 'slow-admin.json'),
} as const;

/**
 * A client address of the test's own: sign-in throttling and the telemetry budget of one test
 * never block another. Sent in both headers lib/auth/client-info.ts reads: `x-forwarded-for`
 * where the server trusts one proxy hop (the main and dev suites), `x-vercel-forwarded-for` where
 * it runs as on Vercel (the Supabase suite, VERCEL=1), which ignores the first.
 */
export function ownClientAddress(): Record<string, string> {
  const n = () => Math.floor(Math.random() * 250) + 1;
  const address = `10.${n()}.${n()}.${n()}`;
  return { 'x-forwarded-for': address, 'x-vercel-forwarded-for': address };
}
