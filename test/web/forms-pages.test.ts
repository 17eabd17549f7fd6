import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer, apiFromPage, expectDocxDownload } from '../support/browser.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { creditGranter } from '../../src/commands/credit-granter.ts';
import { postLedgerEntry } from '../../src/commands/credit-ledger.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';
import { credits } from '../../src/domain/money.ts';
import { LIFTED } from '../support/app.ts';

// Browser flows on a shared 2-core machine: generous limits; locators still wait, never sleep.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const OA_TEXT = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const actor = { accountId: null, via: 'system' as const };

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;
let accountId: string;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    workerBrowser(),
    startWebServer({}, { worker: true, tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED } }),
  ]);
  await seedDemoData(server.t.database.db, todayUtc());
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

const apiCall = <T>(path: string, body?: unknown) => apiFromPage<T>(page, path, body);

const expectDocx = (p: Page) => expectDocxDownload(p, server.url);

async function balance(): Promise<bigint> {
  return getBalanceMicro(server.t.database.db, accountId);
}

describe('forms pages: IDS, extension petition, interview request, drawing sheet', () => {
  test('each form shows its price, submits, shows progress and downloads the DOCX; errors are shown as the server sent them', {
    timeout: 170_000,
  }, async () => {
    const email = `forms-${Date.now()}@firm.example`;
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    accountId = (await server.t.database.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

    // Empty state: forms need an application on the docket.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
    await page.getByText('Your docket is empty').waitFor();
    await snap(page, 'forms-empty');

    const entry = await apiCall<{ id: string }>('/api/docket', { application_number: '17/345,678', client_matter: 'ACME-7' });
    const mailed = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await apiCall(`/api/docket/${entry.id}/office-actions`, { kind: 'CTNF', mailing_date: mailed, text: OA_TEXT });

    // From the application page's Forms section to the IDS builder.
    await page.goto('/applications/17345678');
    await page.getByRole('region', { name: 'Forms' }).getByRole('link', { name: 'Information disclosure statement' }).click();
    await page.waitForURL(/\/forms\?application=17345678&form=ids/);

    // Timing from the server's rule (GET .../ids-timing): the demo history ends in a final
    // rejection, and the non-final action recorded after it reopened prosecution, so 1.97(c): the
    // statement or the fee. The page shows the server's explanation, dates and 1.17(p) fee.
    const window197 = await apiCall<{
      window: string;
      explanation: string;
      basis: { filing_date: string };
      fee: { amount: string; entity_size: string; verified: boolean };
    }>('/api/applications/17345678/ids-timing');
    expect(window197.window).toBe('1.97(c)');
    const timing = page.getByRole('region', { name: 'Timing (37 CFR 1.97)' });
    await timing.getByText(window197.explanation).waitFor();
    await expect.poll(() => timing.getByText('this IDS falls under 37 CFR 1.97(c)').count()).toBe(1);
    const dollars = `$${Number(window197.fee.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    // The fee line itself (the timing's explanation names the amount too).
    await timing
      .locator('p', { hasText: /^Fee under 37 CFR 1\.17\(p\):/ })
      .filter({ hasText: `${dollars} for a ${window197.fee.entity_size} entity` })
      .waitFor();
    expect(await timing.getByText('not yet verified against the USPTO fee schedule').count()).toBe(window197.fee.verified ? 0 : 1);
    await expect.poll(() => page.getByLabel('Timing of the statement').inputValue()).toBe('1.97(c)');
    await page.getByText('Price: 9.00 credits').waitFor();

    // Leave the balance short of the IDS: the 402 shows with the billing page's link.
    const short = (await balance()) - credits(3);
    await server.t.database.db
      .transaction()
      .execute((trx) => postLedgerEntry(trx, { accountId, amountMicro: -short, kind: 'adjustment', description: 'test: leave 3.00' }));
    await page.reload();
    await page.getByText('Price: 9.00 credits · your balance 3.00, after: -6.00').waitFor();

    // The client asks for what 1.97(c) requires before sending anything.
    await page.getByRole('button', { name: 'Prepare the IDS (9.00 credits)' }).click();
    await page.getByRole('alert').getByText('A 1.97(c) statement needs the 1.97(e) statement or the 1.17(p) fee.').waitFor();
    await page.getByLabel('Statement under 37 CFR 1.97(e)').selectOption('1.97(e)(2)');

    const row1 = page.getByRole('group', { name: 'U.S. patents, row 1' });
    await row1.getByLabel('Patent number').fill('9,876,543');
    await row1.getByLabel('Kind code').fill('B2');
    await row1.getByLabel('Issue or publication date').fill('2018-01-23');
    // Too long for the server (200 characters at most): its 400 names the field.
    await row1.getByLabel('Patentee or applicant').fill('X'.repeat(201));
    await page.getByRole('button', { name: 'Add non-patent literature' }).click();
    await page
      .getByRole('group', { name: 'Non-patent literature, row 1' })
      .getByLabel('Citation')
      .fill('Smith, J., "Sensor fusion in practice", J. Robotics 12(3):45-67 (2016).');
    await page.getByRole('button', { name: 'Add a foreign document' }).click();
    const foreign = page.getByRole('group', { name: 'Foreign patent documents, row 1' });
    await foreign.getByLabel('Country code').fill('EP');
    await foreign.getByLabel('Document number').fill('1234567');
    await foreign.getByLabel('Issue or publication date').fill('2015-06-10');
    await foreign.getByLabel('Patentee or applicant').fill('Bosch GmbH');
    // Add and remove a row: the list shrinks back.
    await page.getByRole('button', { name: 'Add a U.S. publication' }).click();
    await page.getByRole('button', { name: 'Remove u.s. patent application publications row 1' }).click();
    await expect.poll(() => page.getByRole('group', { name: /^U\.S\. patent application publications, row/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Prepare the IDS (9.00 credits)' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The server refused the form' });
    await refused.waitFor();
    // The field in words, as the form names it; the API's field path stays in the API (issue 19).
    expect(await refused.textContent()).toContain('U.S. patents, row 1, patentee or applicant: at most 200 characters');
    expect(await refused.textContent()).not.toMatch(/body\.input|_/);
    await row1.getByLabel('Patentee or applicant').fill('Lee et al.');

    await page.getByRole('button', { name: 'Prepare the IDS (9.00 credits)' }).click();
    await page.getByText('Not enough credits.').waitFor();
    await snap(page, 'forms-ids-402');
    // "Buy credits" leads to the billing page carrying this page's address, to come back after paying.
    const notice = page.getByText('Not enough credits.').locator('..');
    await notice.getByText('after paying you come back to this page to submit again').waitFor();
    const here = new URL(page.url());
    const buyHref = await notice.getByRole('link', { name: 'Buy credits', exact: true }).getAttribute('href');
    expect(buyHref).toBe(`/settings/billing?next=${encodeURIComponent(here.pathname + here.search)}`);
    // The billing page offers the way back (in a second tab: this one keeps the form as filled).
    const billingTab = await page.context().newPage();
    await billingTab.goto(buyHref!);
    expect(await billingTab.getByRole('link', { name: 'the page you were on' }).getAttribute('href')).toBe(here.pathname + here.search);
    await billingTab.close();

    await creditGranter(server.t.database.db, actor, { accountId, amountMicro: credits(100), kind: 'grant', description: 'test top-up' });
    await page.getByRole('button', { name: 'Prepare the IDS (9.00 credits)' }).click();
    await expectDocx(page);
    await snap(page, 'forms-ids-done');
    const afterIds = await balance();
    expect(afterIds).toBe(credits(103) - credits(9));

    // Extension petition: months and fees from the deadline engine.
    await page.getByRole('navigation', { name: 'Form kinds' }).getByRole('link', { name: 'Petition for extension of time' }).click();
    await page.getByText('Price: 5.00 credits').waitFor();
    await page.getByText(`Reply to the non-final rejection mailed`).waitFor();
    const months = page.getByLabel('Months of extension');
    await months.selectOption('1');
    await page.getByText(/Extends to .*; USPTO fee \$[\d,]+(\.\d\d)? for this application's entity status/).waitFor();
    await snap(page, 'forms-extension');
    await page.getByRole('button', { name: 'Prepare the petition (5.00 credits)' }).click();
    await expectDocx(page);

    // Interview request: needs an analysis of the application; the empty state says so.
    await page.getByRole('navigation', { name: 'Form kinds' }).getByRole('link', { name: 'Interview request' }).click();
    await page.getByText('No analysis of this application yet').waitFor();
    await apiCall('/api/analyses', { application_number: '17345678', office_action_text: OA_TEXT, office_action_type: 'CTNF' });
    await page.reload();
    await page.getByLabel('Analysis for the agenda').waitFor();
    await page.getByLabel('Interview type').selectOption('telephonic');
    await page.getByLabel('Proposed date').fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel('Proposed time').fill('2:00 pm ET');
    await snap(page, 'forms-interview');
    await page.getByRole('button', { name: 'Prepare the interview request (5.00 credits)' }).click();
    await expectDocx(page);

    // Drawing sheet, keyboard only: type the elements, add a connection, submit with Enter.
    await page.getByRole('navigation', { name: 'Form kinds' }).getByRole('link', { name: 'Drawing sheet' }).click();
    await page.getByText('Price: 5.00 credits').waitFor();
    await page.getByLabel('Kind of drawing').selectOption('flow');
    await page.getByRole('group', { name: 'Elements, row 1' }).getByLabel('Element label').focus();
    await page.keyboard.type('Receive sensor data');
    await page.getByRole('button', { name: 'Add an element' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Elements, row 2' }).getByLabel('Element label').focus();
    await page.keyboard.type('Fuse the readings');
    await page.getByRole('button', { name: 'Add a connection' }).focus();
    await page.keyboard.press('Enter');
    const edge = page.getByRole('group', { name: 'Connections, row 1' });
    expect(await edge.getByLabel('From').inputValue()).toBe('n1');
    expect(await edge.getByLabel('To').inputValue()).toBe('n2');
    await snap(page, 'forms-drawing');
    await page.getByRole('button', { name: 'Prepare the drawing sheet (5.00 credits)' }).focus();
    await page.keyboard.press('Enter');
    await expectDocx(page);

    // Every submission went through the export job API the MCP tools use, each charged once.
    const list = await apiCall<{ exports: { export_type?: string; status: string }[] }>('/api/exports?limit=10');
    expect(list.exports.filter((e) => e.status === 'complete')).toHaveLength(4);
  });
});
