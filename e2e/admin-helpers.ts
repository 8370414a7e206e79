import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { admin } from './fixtures';

/** Signs in through the /admin gate and waits for the dashboard. */
export async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Sign-in hashes the password and re-renders the gate: slow on a busy two-core machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 20_000 });
}

/**
 * Waits until every toast has closed (5 s each). A pointer resting on a toast pauses it, so it
 * moves away first. Needed where a toast covers a control (the submit button on a phone) and
 * before axe, which reads fading toasts as low contrast.
 */
export async function waitForToastsToClose(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
}

/** A real JPEG, made for this run. */
export async function makeJpeg(name: string): Promise<string> {
  const file = path.join(os.tmpdir(), `${name}.jpg`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#cfe3ea"/><circle cx="600" cy="450" r="260" fill="#2f5d6e" opacity="0.6"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

