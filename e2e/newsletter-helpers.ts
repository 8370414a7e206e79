import { expect, type Page } from '@playwright/test';
import { expectToast } from './site-helpers';

/**
 * The newsletter's steps in a browser, shared by the embedded and Supabase suites
 * (e2e/newsletter.spec.ts, e2e/supabase/supabase-mode.spec.ts).
 */

/** A visitor ticks the subscribe box of the about page's footer form and sends a message. */
export async function subscribeWithFooterForm(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/about');
  const form = page.getByRole('form', { name: 'Send a message' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('I love the Dulwich paintings.');
  await form.getByRole('checkbox', { name: /Subscribe to my newsletter/ }).check();
  // As a person takes: a message sent within three seconds of the form is held as spam.
  await page.waitForTimeout(3_200);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message Sent');
}

/** The confirmation link in a confirmation email's text. */
export const confirmLinkIn = (text: string) => text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)![0];

/** On the confirmation link's page: presses the button and returns the code the page then shows. */
export async function confirmOnPage(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re subscribed' })).toBeVisible();
  return (await page.getByText(/^PRINTS-[0-9A-Z]{8}$/).textContent())!;
}

/** The owner writes a letter, saves it, and sends it now; resolves once the letter page says Sent. */
export async function writeAndSendLetter(page: Page, title: string, words: string): Promise<void> {
  await page.goto('/admin/newsletter/new');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Preview line' }).fill(`What is new: ${words}`);
  const body = page.getByRole('textbox', { name: 'Letter', exact: true });
  await body.click();
  await body.pressSequentially(words);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('main').getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Send “${title}” to`);
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('heading', { name: 'Sent', exact: true })).toBeVisible({ timeout: 60_000 });
}

/** RFC 8058's one-click POST, as a mailbox provider sends it: from elsewhere, without cookies. */
export const ONE_CLICK = {
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
  data: 'List-Unsubscribe=One-Click',
};
