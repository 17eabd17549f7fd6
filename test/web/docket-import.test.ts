// The docket page's Import dialog in Chromium: a small CSV with a bad line and a repeated number
// previewed (per-row status and reason), committed, the new rows in the table with their examiner
// and art unit; the Export CSV link answers the docket. axe at 1280 and 390 px (snap).
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, signUpInBrowser, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer()]);
  await seedDemoData(server.t.database.db, todayUtc());
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

const CSV = [
  'Application Number,Attorney Docket,Entity Status,Notes',
  '17/200,011,ACME-100,small,demo record',
  'US 18/812,345,ACME-101,,unpublished',
  '17200011,ACME-102,,same as line 2',
  'PCT/US2020/012345,ACME-103,,not a US number',
].join('\r\n');

describe('docket import dialog', () => {
  test('preview shows what will be added, repeated and malformed; commit adds the rows; export links the CSV', async () => {
    const email = `import-${Date.now()}@firm.example`;
    await signUpInBrowser(page, { email });

    await page.goto('/docket');
    await page.getByText('Your docket is empty').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import applications' });
    await dialog.getByLabel('CSV file to import').setInputFiles({ name: 'firm-docket.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const counts = dialog.getByTestId('import-counts');
    await counts.getByText('2 to add').waitFor();
    expect(await counts.textContent()).toContain('4 rows: 2 to add, 0 already on your docket, 1 repeated in the file, 1 malformed.');
    const region = dialog.getByRole('region', { name: 'Preview rows' });
    const row = (line: number) => region.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
    expect(await row(4).getByText('Repeated in file').count()).toBe(1);
    expect(await row(4).getByText('the same application as line 2').count()).toBe(1);
    expect(await row(5).getByText('Malformed').count()).toBe(1);
    expect(
      await row(5)
        .getByText(/PCT international application number/)
        .count(),
    ).toBe(1);
    // Nothing is on the docket before the commit.
    const mine = () =>
      server.t.database.db
        .selectFrom('docket_entries as d')
        .innerJoin('accounts as a', 'a.id', 'd.account_id')
        .select('d.id')
        .where('a.email', '=', email)
        .execute();
    expect(await mine()).toHaveLength(0);
    await snap(page, 'docket-import-preview', { fullPage: false });

    await dialog.getByRole('button', { name: 'Add 2 to docket' }).click();
    await dialog.getByText('Added 2 applications to your docket.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByText('2 of 2 applications').waitFor();
    expect(await mine()).toHaveLength(2);

    const headers = await page.locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual(expect.arrayContaining(['Examiner', 'Art unit']));
    const demo = page.locator('tbody tr').filter({ hasText: 'ACME-100' });
    const record = await server.t.database.db
      .selectFrom('applications')
      .select(['examiner_name', 'art_unit'])
      .where('application_number', '=', '17200011')
      .where('owner_account_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(record.examiner_name).toBeTruthy();
    await demo.getByText(record.examiner_name!).waitFor();
    await demo.getByText(record.art_unit!, { exact: true }).waitFor();
    await page.locator('tbody tr').filter({ hasText: 'ACME-101' }).getByText('Private').waitFor();

    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toBe('/api/docket/export.csv');
    const csv = await page.evaluate(async () => (await fetch('/api/docket/export.csv')).text());
    expect(csv.split('\r\n')[0]).toBe(
      'application_number,title,client_matter,entity_status,examiner,art_unit,status,private,deadline_kind,action,action_mailing_date,due_date,effective_due_date,days_remaining,citation',
    );
    expect(csv).toContain('ACME-100');
    expect(csv).toContain('18/812,345');
    await snap(page, 'docket-import-table');
  });
});
