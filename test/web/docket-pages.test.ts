import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { docketEntryCreator } from '../../src/commands/docket-entry-creator.ts';
import { formatApplicationNumber } from '../../src/domain/application-number.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const N = 250;
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

describe('a large docket is paged; search, filter and sort still reach every row', () => {
  test(`${N} applications: 100 rows a page, search and sort across all pages`, async () => {
    const email = `pages-${Date.now()}@firm.example`;
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const { id: accountId } = await server.t.database.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    for (let i = 0; i < N; i++) {
      await docketEntryCreator(server.t.database.db, { accountId, via: 'system' }, {
        accountId,
        applicationNumber: String(18_700_000 + i),
        clientMatter: `MATTER-${String(i).padStart(3, '0')}`,
        application: { invention_title: `Paged invention ${i}`, filing_date: '2024-01-15' },
      });
    }

    await page.goto('/docket');
    await page.getByText(`${N} of ${N} applications`).waitFor();
    const pager = page.getByRole('navigation', { name: 'Docket pages' });
    await pager.getByText(`Rows 1–100 of ${N} (page 1 of 3)`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(100);
    expect(await pager.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await snap(page, 'docket-paged');

    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByText(`Rows 101–200 of ${N} (page 2 of 3)`).waitFor();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByText(`Rows 201–250 of ${N} (page 3 of 3)`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(50);

    // Search reaches a row that is not on the page shown, and starts again at page 1.
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await page.getByLabel('Search').fill('MATTER-249');
    await page.getByText(`1 of ${N} applications`).waitFor();
    expect(await page.getByRole('navigation', { name: 'Docket pages' }).count()).toBe(0);
    // The number is written as practitioners write it (18/700,249).
    await page.getByRole('link', { name: formatApplicationNumber(String(18_700_000 + 249)), exact: true }).waitFor();

    // Sort runs over every row: descending by number puts the last-added first on page 1.
    await page.getByLabel('Search').fill('');
    await page.getByText(`${N} of ${N} applications`).waitFor();
    await page.getByRole('button', { name: /^Application/ }).click();
    await page.getByRole('button', { name: /^Application/ }).click();
    await expect.poll(() => page.locator('tbody tr').first().locator('a').first().textContent()).toBe(formatApplicationNumber(String(18_700_000 + N - 1)));
    await pager.getByText(`Rows 1–100 of ${N} (page 1 of 3)`).waitFor();
  });
});
