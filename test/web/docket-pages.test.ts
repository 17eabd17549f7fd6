import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, signUpInBrowser, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { docketEntryCreator } from '../../src/commands/docket-entry-creator.ts';
import { formatApplicationNumber } from '../../src/domain/application-number.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const N = 120;
let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer()]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

describe('a large docket comes in pages of 50 from the server; search, filters and sort run on the server', () => {
  test(`${N} applications: 50 at first, "Show more" by mouse or keyboard; search, Status and Responsible filters and both sort directions reach every entry`, async () => {
    const email = `pages-${Date.now()}@firm.example`;
    await signUpInBrowser(page, { email });
    const { id: accountId } = await server.t.database.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    for (let i = 0; i < N; i++) {
      await docketEntryCreator(
        server.t.database.db,
        { accountId, via: 'system' },
        {
          accountId,
          applicationNumber: String(18_700_000 + i),
          clientMatter: `MATTER-${String(N - 1 - i).padStart(3, '0')}`,
          application: { invention_title: `Paged invention ${i}`, filing_date: '2024-01-15' },
        },
      );
    }
    // Three of them allowed: the Status filter's second value.
    const allowed = [5, 60, 110].map((i) => String(18_700_000 + i));
    await server.t.database.db.updateTable('applications').set({ status: 'allowed' }).where('application_number', 'in', allowed).execute();

    await page.goto('/docket');
    await page.getByText(`${N} of ${N} applications`).waitFor();
    await page.getByText(`Showing 50 of ${N}`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);
    await snap(page, 'docket-paged');

    const more = page.getByRole('button', { name: 'Show more' });
    await more.click();
    await page.getByText(`Showing 100 of ${N}`).waitFor();
    // Reached and pressed with the keyboard too: the last page holds the remaining 20.
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Showing ${N} of ${N}`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(N);
    expect(await more.count()).toBe(0);

    // The search reaches an entry that was never loaded (the server searches), in any written form of its number.
    await page.reload();
    await page.getByText(`Showing 50 of ${N}`).waitFor();
    for (const q of ['18/700,119', '18700119', '18,700,119']) {
      await page.getByLabel('Search').fill(q);
      await page.getByText(`1 of ${N} applications`).waitFor();
      await page.getByRole('link', { name: formatApplicationNumber(String(18_700_000 + N - 1)), exact: true }).waitFor();
    }
    await page.getByLabel('Search').fill('MATTER-000');
    await page.getByText(`1 of ${N} applications`).waitFor();
    await page.getByRole('link', { name: formatApplicationNumber(String(18_700_000 + N - 1)), exact: true }).waitFor();
    await page.getByLabel('Search').fill('');
    await page.getByText(`Showing 50 of ${N}`).waitFor();

    // Sorting is the server's: by client matter, the last-added entry (MATTER-000) comes first;
    // clicked again, descending, the first-added (MATTER-119) does.
    const firstRow = () => page.locator('tbody tr').first().locator('a').first().textContent();
    await page.getByRole('button', { name: /^Client-matter/ }).click();
    await expect.poll(firstRow).toBe(formatApplicationNumber(String(18_700_000 + N - 1)));
    expect(await page.getByRole('columnheader', { name: /Client-matter/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: /^Client-matter/ }).click();
    await expect.poll(firstRow).toBe(formatApplicationNumber(String(18_700_000)));
    expect(await page.getByRole('columnheader', { name: /Client-matter/ }).getAttribute('aria-sort')).toBe('descending');
    // Descending by application number reaches the last page's entry first, and Show more continues downwards.
    await page.getByRole('button', { name: /^Application/ }).click();
    await page.getByRole('button', { name: /^Application/ }).click();
    await expect.poll(firstRow).toBe(formatApplicationNumber(String(18_700_000 + N - 1)));
    expect(await page.getByRole('columnheader', { name: /Application/ }).getAttribute('aria-sort')).toBe('descending');
    await more.click();
    await page.getByText(`Showing 100 of ${N}`).waitFor();
    expect(await page.locator('tbody tr').nth(50).locator('a').first().textContent()).toBe(formatApplicationNumber(String(18_700_000 + N - 51)));

    // The Status filter lists the docket's statuses (from the server, not the loaded rows) and filters on the server.
    const statusFilter = page.getByLabel('Status');
    await expect.poll(() => statusFilter.locator('option').allTextContents()).toEqual(['Any status', 'allowed', 'pending']);
    await statusFilter.selectOption('allowed');
    await page.getByText(`3 of ${N} applications`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(3);
    // Still sorted descending by number: 110, 60, 5.
    expect(await page.locator('tbody tr a').allTextContents()).toEqual([110, 60, 5].map((i) => formatApplicationNumber(String(18_700_000 + i))));
    await statusFilter.selectOption('');
    await page.getByText(`${N} of ${N} applications`).waitFor();

    // The responsible filter goes to the server too: nobody is assigned here.
    await page.getByLabel('Responsible').selectOption({ label: 'Me' });
    await page.getByText(`0 of ${N} applications`).waitFor();
    await page.getByText('No application matches.').waitFor();
    await page.getByLabel('Responsible').selectOption({ label: 'Not assigned' });
    await page.getByText(`${N} of ${N} applications`).waitFor();
    await page.getByText(`Showing 50 of ${N}`).waitFor();
    await snap(page, 'docket-paged-sorted');
  });
});
