/**
 * Issue 22 items 6-7 and part 3 in Chromium: a scanned office action uploaded on the application
 * page is read by OCR and says so; the audit log page filters by application, action and dates;
 * the billing page reports usage per client matter over a range with a CSV download. Screenshots
 * and axe (no serious or critical violations) at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiFromPage,
  expectNoSidewaysScroll,
  releaseBrowser,
  workerBrowser,
  newContext,
  signUpInBrowser,
  SCREENSHOTS,
  snap,
  startWebServer,
  type SnapOptions,
  type WebServer,
} from '../support/browser.ts';
import { scannedPdf } from '../support/scanned-pdf.ts';
import { ACTION } from '../file/support.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const EMAIL = `matters-${Date.now()}@firm.example`;
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

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

async function snapBoth(name: string, opts?: SnapOptions): Promise<void> {
  await snap(page, name, opts);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${name}@390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('OCR, audit filters and the matter report in the web app', () => {
  test('a scanned office action is read by OCR, the warning shown, and recorded', async () => {
    await signUpInBrowser(page, { email: EMAIL });
    await apiFromPage(page, '/api/docket', {
      application_number: '15/091,542',
      client_matter: 'ACME-7',
      application: {
        invention_title: 'MULTI RADIO WIRELESS LAN NETWORKS',
        filing_date: '2016-04-05',
        examiner_name: 'NGUYEN, PHUONGCHAU BA',
        art_unit: '2464',
      },
    });
    await page.goto('/docket');
    await page.getByRole('link', { name: '15/091,542' }).click();
    const record = page.getByRole('region', { name: 'Record an office action' });
    await record.waitFor();
    await record.getByLabel('Upload the action (.txt, .docx or .pdf)').setInputFiles({
      name: 'scanned-action.pdf',
      mimeType: 'application/pdf',
      buffer: scannedPdf(['DETAILED ACTION', 'Claims 1-3 are rejected under 35 U.S.C. 103 as being', 'unpatentable over Laroia in view of Smith.']),
    });
    const warning = record.getByText(/^Text read by OCR \(confidence \d{1,3}%\): check quotations against the original\.$/);
    await warning.waitFor({ timeout: 120_000 });
    expect((await record.getByLabel('Text of the action (optional)').inputValue()).replace(/\s+/g, ' ')).toContain('rejected under 35 U.S.C. 103');
    await snapBoth('ocr-office-action-upload', { scrollTo: record });
    await record.getByLabel('Mailing date').fill(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
    await record.getByRole('button', { name: 'Record office action' }).click();
    await page.getByText('The office action was recorded').waitFor();
    // An analysis of the application, so usage and audit rows name it.
    await apiFromPage(page, '/api/analyses', { application_number: '15091542', office_action_text: ACTION, include_examiner_intel: false });
  });

  test('the audit log filters by application, action and dates', async () => {
    await page.goto('/settings/audit');
    const audit = page.getByRole('region', { name: 'Audit log', exact: true });
    await audit.getByRole('cell', { name: 'Office action analyzed for 15/091,542' }).first().waitFor();
    await audit.getByLabel('Application').fill('15/091,542');
    await audit.getByRole('button', { name: 'Apply filters' }).click();
    await audit.getByRole('cell', { name: 'Office action recorded for 15/091,542' }).waitFor();
    await expect.poll(() => audit.getByRole('cell', { name: /^(Account created|Signed in)$/ }).count()).toBe(0);
    await audit.getByLabel('Action').selectOption({ label: 'Analyses' });
    await expect.poll(() => audit.getByRole('cell', { name: /added to the docket|Office action recorded/ }).count()).toBe(0);
    await audit.getByRole('cell', { name: 'Office action analyzed for 15/091,542' }).waitFor();
    await audit.getByLabel('From').fill(today);
    await audit.getByLabel('To').fill(today);
    await audit.getByRole('cell', { name: 'Office action analyzed for 15/091,542' }).waitFor();
    await snapBoth('audit-filters');
    // On a phone the Who column wraps an e-mail address after its @, not letter by letter: the
    // address takes at most two lines.
    await page.setViewportSize({ width: 390, height: 844 });
    const who = audit.getByRole('cell', { name: EMAIL }).first();
    const lines = await who.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines, 'lines the e-mail address takes at 390 px').toBeLessThanOrEqual(2);
    await expectNoSidewaysScroll(page, 'audit-filters@390');
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-who-column-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await audit.getByLabel('From').fill(tomorrow);
    await audit.getByLabel('To').fill(tomorrow);
    await audit.getByText('No entries match these filters').waitFor();
    await audit.getByRole('button', { name: 'Clear' }).click();
    await audit
      .getByRole('cell', { name: /^(Account created|Signed in|15\/091,542 added to the docket)$/ })
      .first()
      .waitFor();
  });

  test('the billing page reports usage per client matter, with a CSV download', async () => {
    await page.goto('/settings/billing');
    const report = page.getByRole('region', { name: 'Usage by client matter' });
    const row = report.getByRole('row', { name: /ACME-7 15\/091,542 1 0/ });
    await row.waitFor();
    const link = report.getByRole('link', { name: 'Download CSV' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/reports\/matters\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    const csv = await page.evaluate(async (u) => (await fetch(u!)).text(), href);
    expect(csv.split('\r\n')[1]).toMatch(/^ACME-7,"15\/091,542",MULTI RADIO WIRELESS LAN NETWORKS,1,0,0,[\d.]+,/);
    await snapBoth('billing-matter-report', { scrollTo: report });
    // A range without usage.
    await report.getByLabel('From').fill('2020-01-01');
    await report.getByLabel('To').fill('2020-01-31');
    await report.getByRole('button', { name: 'Show report' }).click();
    await report.getByText('No usage in this range').waitFor();
  });
});
