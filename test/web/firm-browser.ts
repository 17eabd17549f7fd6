// What the firm browser tests do the same way: invite from Settings > Members, and join through
// the e-mailed /join link in a browser of the invitee's own.
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { invitationToken } from '../firms/support.ts';

/** On Settings > Members: invites `email` with the role whose option text matches, and waits for the confirmation. */
export async function inviteInBrowser(page: Page, email: string, role: RegExp): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  const select = page.getByLabel('Role', { exact: true });
  await select.selectOption({ label: (await select.locator('option').allTextContents()).find((t) => role.test(t))! });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(`Invitation sent to ${email}`).waitFor();
}

/**
 * Opens the invitation mailed to `email` (the .eml in `mailDir`) in a new browser context, checks
 * the form names that address, signs up into the firm and returns the signed-in page.
 * `onForm` runs on the filled-in /join form before it is sent (screenshots).
 */
export async function joinFirmInBrowser(
  browser: Browser,
  baseUrl: string,
  mailDir: string,
  person: { email: string; name: string },
  onForm?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await (await newContext(browser, baseUrl)).newPage();
  await page.goto(`/join?token=${invitationToken(mailDir, person.email)}`);
  await page.getByRole('heading', { name: /^Join / }).waitFor();
  expect(await page.getByLabel('E-mail').inputValue()).toBe(person.email);
  if (onForm) await onForm(page);
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  return page;
}
