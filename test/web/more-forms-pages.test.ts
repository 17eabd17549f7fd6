/**
 * Issues 10/11 in the browser: the IDS page shows the server's 37 CFR 1.97 window (GET
 * .../ids-timing) and its 422 refusal; the six prosecution forms (RCE transmittal, notice of appeal,
 * pre-appeal request, terminal disclaimer, issue-fee transmittal, client letter) each show Prosa's
 * price beside the USPTO fee, submit end to end and download their DOCX; a docket condition the
 * paper does not meet (409) is shown with the server's words and charges nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer, apiFromPage, expectDocxDownload } from '../support/browser.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { creditGranter } from '../../src/commands/credit-granter.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';
import { credits } from '../../src/domain/money.ts';
import { LIFTED } from '../support/app.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const OA_TEXT = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const actor = { accountId: null, via: 'system' as const };

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;
let accountId: string;

beforeAll(async () => {
  // Forms, not rate limits, are under test (job polling and quotes add up on one page).
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

const expectDocx = (name: RegExp) => expectDocxDownload(page, server.url, { name, timeout: 90_000 });

const balance = () => getBalanceMicro(server.t.database.db, accountId);

async function openForm(application: string, form: string, title: string): Promise<void> {
  await page.goto(`/forms?${new URLSearchParams({ application, form }).toString()}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText('Price: 5.00 credits').waitFor();
}

/** The USPTO fee shown beside the price before submitting, for the application's entity status. */
async function expectUsptoFee(citation: string, applicationNumber: string): Promise<void> {
  const fees = await apiCall<{ uspto_fees?: { citation: string; amount: string; verified: boolean }[] }>('/api/quote', {
    exports: [{ type: 'form', form: formOf[citation]!, count: 1 }],
    application_number: applicationNumber,
  });
  const fee = fees.uspto_fees!.find((f) => f.citation === citation)!;
  const dollars = `$${Number(fee.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const item = page.getByRole('listitem').filter({ hasText: `(${citation}): ${dollars}` });
  await item.waitFor();
  // The fee table's own word on each amount: unverified ones say so.
  expect(await item.textContent()).toMatch(fee.verified ? /\$[\d,.]+$/ : /not yet verified against the USPTO fee schedule/);
}
const formOf: Record<string, string> = {
  '37 CFR 1.17(e)(1)': 'rce_transmittal',
  '37 CFR 41.20(b)(1)': 'notice_of_appeal',
  '37 CFR 1.20(d)': 'terminal_disclaimer',
  '37 CFR 1.18(a)': 'issue_fee_transmittal',
};

describe("forms pages: the server's IDS window and the six prosecution forms", () => {
  test('IDS window from the server with its 422; each new form priced with its USPTO fee, submitted, downloaded; 409 shown uncharged', async () => {
    const email = `more-forms-${Date.now()}@firm.example`;
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    accountId = (await server.t.database.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    await creditGranter(server.t.database.db, actor, { accountId, amountMicro: credits(200), kind: 'grant', description: 'test top-up' });
    // Final rejection standing; one non-final rejection only; a notice of allowance (demo docket).
    for (const n of ['17/345,678', '17/200,011', '17/111,222']) await apiCall('/api/docket', { application_number: n });

    // IDS: the final rejection closed prosecution, so the server says 1.97(d); the page shows its
    // explanation, the dates it decided on and the 1.17(p) fee, and stating 1.97(c) is refused.
    const ids = await apiCall<{
      window: string;
      explanation: string;
      basis: { closing_action: { mailing_date: string } };
      fee: { amount: string; entity_size: string; verified: boolean };
    }>('/api/applications/17345678/ids-timing');
    expect(ids.window).toBe('1.97(d)');
    await page.goto('/forms?application=17345678&form=ids');
    const timing = page.getByRole('region', { name: 'Timing (37 CFR 1.97)' });
    await timing.getByText(ids.explanation).waitFor();
    await timing.getByText('this IDS falls under 37 CFR 1.97(d)').waitFor();
    const closing = new Date(`${ids.basis.closing_action.mailing_date}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await timing.getByText(`final action, ${closing}`).waitFor();
    // The fee line itself (the timing's explanation names the amount too).
    await timing
      .locator('p', { hasText: /^Fee under 37 CFR 1\.17\(p\):/ })
      .filter({ hasText: `$${Number(ids.fee.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} for a ${ids.fee.entity_size} entity` })
      .waitFor();
    expect(await timing.getByText('not yet verified against the USPTO fee schedule').count()).toBe(ids.fee.verified ? 0 : 1);
    await expect.poll(() => page.getByLabel('Timing of the statement').inputValue()).toBe('1.97(d)');
    await snap(page, 'forms-ids-server-window');
    await page.getByLabel('Timing of the statement').selectOption('1.97(c)');
    await page.getByText('The docket puts this IDS in 1.97(d); the server will refuse 1.97(c).').waitFor();
    await page.getByLabel('Statement under 37 CFR 1.97(e)').selectOption('1.97(e)(2)');
    const row = page.getByRole('group', { name: 'U.S. patents, row 1' });
    await row.getByLabel('Patent number').fill('9,876,543');
    await row.getByLabel('Issue or publication date').fill('2018-01-23');
    await row.getByLabel('Patentee or applicant').fill('Lee et al.');
    let before = await balance();
    await page.getByRole('button', { name: 'Prepare the IDS (9.00 credits)' }).click();
    const mismatch = page.getByRole('alert').filter({ hasText: 'The IDS does not fit the 37 CFR 1.97 window of the docket.' });
    await mismatch.waitFor();
    expect(await mismatch.textContent()).toContain('the docket puts it in 1.97(d)');
    // Said once, in words; the code stays in the API (an attribute, not text), and the server's
    // suggestion naming an API call (written for assistants) is not shown.
    expect(await mismatch.getAttribute('data-error-code')).toBe('ids_timing_mismatch');
    expect(await mismatch.textContent()).toMatch(/Nothing was charged\.$/);
    expect(await mismatch.textContent()).not.toMatch(/ids_timing_mismatch|Code:|\/api\/|GET /);
    expect((await mismatch.textContent())!.match(/nothing was charged/gi)).toHaveLength(1);
    expect(await balance()).toBe(before);
    await snap(page, 'forms-ids-422');

    // RCE while prosecution is open: the 409 in the server's words, nothing charged.
    await openForm('17200011', 'rce', 'RCE transmittal');
    await expectUsptoFee('37 CFR 1.17(e)(1)', '17200011');
    before = await balance();
    await page.getByRole('button', { name: 'Prepare the RCE transmittal (5.00 credits)' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The docket does not allow this paper now.' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/is not closed .*37 CFR 1\.114\(a\).*Reply to the pending action under 37 CFR 1\.111.*Nothing was charged\.$/);
    expect(await refusal.getAttribute('data-error-code')).toBe('rce_not_available');
    expect(await refusal.textContent()).not.toMatch(/rce_not_available|Code:/);
    expect((await refusal.textContent())!.match(/Nothing was charged/g)).toHaveLength(1);
    expect(await balance()).toBe(before);
    await snap(page, 'forms-rce-409');

    // RCE after the final rejection: the submission named, the DOCX downloaded.
    await openForm('17345678', 'rce', 'RCE transmittal');
    await page.getByLabel('Enclosed: Information disclosure statement').check();
    await page.getByLabel('Deposit account').fill('50-1234');
    await snap(page, 'forms-rce');
    await page.getByRole('button', { name: 'Prepare the RCE transmittal (5.00 credits)' }).click();
    await expectDocx(/RCE-Transmittal-17345678/);

    // Notice of appeal with the claims typed as ranges, then the pre-appeal request.
    await openForm('17345678', 'notice-of-appeal', 'Notice of appeal');
    await expectUsptoFee('37 CFR 41.20(b)(1)', '17345678');
    await page.getByLabel('Claims appealed (optional)').fill('1-8 x');
    await page.getByRole('button', { name: 'Prepare the notice of appeal (5.00 credits)' }).click();
    await page.getByRole('alert').getByText('"x" is not a claim number or range (e.g. 1-8, 10).').waitFor();
    await page.getByLabel('Claims appealed (optional)').fill('1-8, 10');
    await page.getByLabel('A pre-appeal brief request for review is filed with this notice').check();
    await snap(page, 'forms-notice-of-appeal');
    await page.getByRole('button', { name: 'Prepare the notice of appeal (5.00 credits)' }).click();
    await expectDocx(/\.docx/);

    await openForm('17345678', 'pre-appeal', 'Pre-appeal brief request');
    expect(await page.getByText(/^USPTO fee/).count()).toBe(0);
    const arg = page.getByRole('group', { name: 'Arguments, row 1' });
    await arg.getByLabel('Rejection argued').fill('Rejection of claims 1-8 under 35 U.S.C. 103');
    await arg
      .getByLabel('Argument', { exact: true })
      .fill('The Examiner cites no passage for the predictive model of claim 1; the rejection omits an element of the prima facie case.');
    await page.getByText('22 of about 1750 words (five pages).').waitFor();
    await snap(page, 'forms-pre-appeal');
    await page.getByRole('button', { name: 'Prepare the pre-appeal request (5.00 credits)' }).click();
    await expectDocx(/\.docx/);

    // Terminal disclaimer over a named patent: the analysis select offers "None" first.
    await openForm('17200011', 'terminal-disclaimer', 'Terminal disclaimer');
    await expectUsptoFee('37 CFR 1.20(d)', '17200011');
    expect(await page.getByLabel('Analysis (optional)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Prepare the terminal disclaimer (5.00 credits)' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Name the reference patent or application/)
      .waitFor();
    await page.getByLabel('Reference number').fill('10123456');
    // The edit clears the note about what was missing.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Name the reference patent or application' }).count()).toBe(0);
    await snap(page, 'forms-terminal-disclaimer');
    await page.getByRole('button', { name: 'Prepare the terminal disclaimer (5.00 credits)' }).click();
    await expectDocx(/\.docx/);

    // Issue fee transmittal after the notice of allowance: both 1.18 fees shown.
    await openForm('17111222', 'issue-fee', 'Issue fee transmittal');
    await expectUsptoFee('37 CFR 1.18(a)', '17111222');
    await page.getByRole('listitem').filter({ hasText: '(37 CFR 1.18(d)(1)): $0.00' }).waitFor();
    await page.getByLabel('Name 1').fill('Avery & Cole LLP');
    await page.getByLabel('Assignee (box 3, optional)').fill('Verdant Films Inc.');
    await page.getByLabel('Assignee residence').fill('Portland, Oregon');
    await snap(page, 'forms-issue-fee');
    await page.getByRole('button', { name: 'Prepare the issue fee transmittal (5.00 credits)' }).click();
    await expectDocx(/\.docx/);

    // Client letter: needs an analysis of the application; then the select offers it.
    await page.goto('/forms?application=17200011&form=client-report');
    await page.getByText('No analysis of this application yet').waitFor();
    const analysis = await apiCall<{ analysis_id: string }>('/api/analyses', {
      application_number: '17200011',
      office_action_text: OA_TEXT,
      office_action_type: 'CTNF',
    });
    await page.reload();
    await page.getByText('Price: 5.00 credits').waitFor();
    expect(await page.getByLabel('Analysis reported').inputValue()).toBe(analysis.analysis_id);
    await page.getByLabel('Client (optional)').fill('Northwind Energy Systems, Inc.');
    await page.getByLabel('Attention').fill('Ms. Elena Marquez');
    await snap(page, 'forms-client-report');
    await page.getByRole('button', { name: 'Prepare the client letter (5.00 credits)' }).click();
    await expectDocx(/\.docx/);

    // Six papers through the export job API the MCP tools use, each charged 5.00 once.
    const list = await apiCall<{ exports: { status: string; form?: string }[] }>('/api/exports?limit=20');
    expect(list.exports.filter((e) => e.status === 'complete')).toHaveLength(6);
  });
});
