import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, signUpInBrowser, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { docketEntryCreator } from '../../src/commands/docket-entry-creator.ts';
import { formatApplicationNumber } from '../../src/domain/application-number.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const N = 120;
let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startWebServer()]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('a large docket comes in pages of 50 from the server; search, filter and sort run on the server', () => {
  test(`${N} applications: 50 at first, "Show more" by mouse or keyboard, search and sort reach every entry`, async () => {
    const email = `pages-${Date.now()}@firm.example`;
    await signUpInBrowser(page, { email });
    const { id: accountId } = await server.t.database.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    for (let i = 0; i < N; i++) {
      await docketEntryCreator(server.t.database.db, { accountId, via: 'system' }, {
        accountId,
        applicationNumber: String(18_700_000 + i),
        clientMatter: `MATTER-${String(N - 1 - i).padStart(3, '0')}`,
        application: { invention_title: `Paged invention ${i}`, filing_date: '2024-01-15' },
      });
    }

    await page.goto('/docket');
    await page.getByText(`50 of ${N} applications`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);
    await snap(page, 'docket-paged');

    const more = page.getByRole('button', { name: 'Show more' });
    await more.click();
    await page.getByText(`100 of ${N} applications`).waitFor();
    // Reached and pressed with the keyboard too: the last page holds the remaining 20.
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`${N} of ${N} applications`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(N);
    expect(await more.count()).toBe(0);

    // The search reaches an entry that was never loaded (the server searches), in any written form of its number.
    await page.reload();
    await page.getByText(`50 of ${N} applications`).waitFor();
    for (const q of ['18/700,119', '18700119', '18,700,119']) {
      await page.getByLabel('Search').fill(q);
      await page.getByText('1 of 1 applications').waitFor();
      await page.getByRole('link', { name: formatApplicationNumber(String(18_700_000 + N - 1)), exact: true }).waitFor();
    }
    await page.getByLabel('Search').fill('MATTER-000');
    await page.getByText('1 of 1 applications').waitFor();
    await page.getByRole('link', { name: formatApplicationNumber(String(18_700_000 + N - 1)), exact: true }).waitFor();
    await page.getByLabel('Search').fill('');
    await page.getByText(`50 of ${N} applications`).waitFor();

    // Sorting is the server's: by client matter, the last-added entry (MATTER-000) comes first.
    await page.getByRole('button', { name: /^Client-matter/ }).click();
    await expect.poll(() => page.locator('tbody tr').first().locator('a').first().textContent()).toBe(formatApplicationNumber(String(18_700_000 + N - 1)));
    expect(await page.getByRole('columnheader', { name: /Client-matter/ }).getAttribute('aria-sort')).toBe('ascending');

    // The responsible filter goes to the server too: nobody is assigned here.
    await page.getByLabel('Responsible').selectOption({ label: 'Me' });
    await page.getByText('0 of 0 applications').waitFor();
    await page.getByText('No application matches.').waitFor();
    await page.getByLabel('Responsible').selectOption({ label: 'Not assigned' });
    await page.getByText(`50 of ${N} applications`).waitFor();
    await snap(page, 'docket-paged-sorted');
  });
});
