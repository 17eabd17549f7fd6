/**
 * The application file, the claim chart and the support search in Chromium (issue 18), on
 * application 15/091,542 (test/fixtures/file-01): docketed privately, its action recorded and
 * analysed through the pages; the claims and Laroia uploaded as files through "Add to the file";
 * the chart of claim 1; a support check on an amendment; a drafted response marked filed.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiFromPage,
  expectNoSidewaysScroll,
  releaseBrowser,
  workerBrowser,
  newContext,
  snap,
  startWebServer,
  type SnapOptions,
  type WebServer,
} from '../support/browser.ts';
import { grant } from '../support/drafts.ts';
import { ACTION, fixture } from '../file/support.ts';

// Browser flows on a shared 2-core machine: generous limits; locators still wait, never sleep.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const FIXTURES = fileURLToPath(new URL('../fixtures/file-01/', import.meta.url));
const EMAIL = `file-${Date.now()}@firm.example`;

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;
let applicationUrl: string;
let analysisUrl: string;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer({}, { worker: true })]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

/** Screenshots and axe at 1280 and 390 px, and no sideways scrolling of the page at 390. */
async function snapBoth(name: string, opts?: SnapOptions): Promise<void> {
  await snap(page, name, opts);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${name}@390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const fileSection = () => page.getByRole('region', { name: 'File', exact: true });
const addDialog = () => page.getByRole('dialog', { name: 'Add to the file' });

async function openAddDialog(): Promise<Locator> {
  await fileSection().getByRole('button', { name: 'Add to the file' }).click();
  const dialog = addDialog();
  await dialog.waitFor();
  return dialog;
}

describe('the file, the claim chart and the support search', () => {
  test('sign up, docket 15/091,542 privately, record and analyse its action', async () => {
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();

    // Private (unpublished) with the examiner and art unit the drafted paper's caption needs: through
    // the API, as test/file/support.ts does (the docket page's dialog asks only title and filing date).
    await apiFromPage(page, '/api/docket', {
      application_number: '15/091,542',
      application: {
        invention_title: 'MULTI RADIO WIRELESS LAN NETWORKS',
        filing_date: '2016-04-05',
        examiner_name: 'NGUYEN, PHUONGCHAU BA',
        art_unit: '2464',
      },
    });
    await page.goto('/docket');
    await page.getByRole('link', { name: '15/091,542' }).click();
    await page.getByRole('heading', { name: 'File', exact: true }).waitFor();
    applicationUrl = page.url();

    const record = page.getByRole('region', { name: 'Record an office action' });
    await record.getByLabel('Mailing date').fill(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
    await record.getByLabel('Text of the action (optional)').fill(ACTION);
    await record.getByRole('button', { name: 'Record office action' }).click();
    await page.getByText('The office action was recorded').waitFor();
    await page.getByRole('button', { name: /^Analyze the Non-Final Rejection/ }).click();
    const analyze = page.getByRole('region', { name: 'Analyze this office action' });
    await analyze.getByRole('button', { name: /^Analyze \(/ }).click();
    await page.waitForURL(/\/analyses\/an_/);
    analysisUrl = page.url();
    await page.getByRole('tab', { name: 'Findings' }).waitFor();
  });

  test('before the file holds anything the chart says what to add, one click from each', async () => {
    await page.goto(`${analysisUrl}?view=chart`);
    const notes = page.getByText('For a fuller chart').locator('..');
    await notes.getByText(/No claims are held for this application/).waitFor();
    await notes.getByRole('button', { name: 'Add Laroia (US 2005/0025220 A1) to the file' }).click();
    // The add dialog opens on a reference with its number filled in; cancelling keeps the page as it was.
    const dialog = addDialog();
    expect(await dialog.getByRole('radio', { name: /^Reference/ }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Publication number').inputValue()).toBe('US 2005/0025220 A1');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('"Add to the file": the claims and Laroia as uploaded files; a refusal is shown and nothing entered is lost', async () => {
    await page.goto(applicationUrl);
    await fileSection().getByText('Nothing in the file yet').waitFor();

    // Keyboard: the dialog opens from the button with Enter, its first choice is reachable, Escape closes it.
    await fileSection().getByRole('button', { name: 'Add to the file' }).focus();
    await page.keyboard.press('Enter');
    await addDialog().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio');
    await page.keyboard.press('Escape');
    await addDialog().waitFor({ state: 'detached' });

    let dialog = await openAddDialog();
    await dialog.getByRole('radio', { name: /^Claim listing/ }).check();
    await dialog.getByLabel(/^File \(PDF/).setInputFiles(`${FIXTURES}claims-as-examined.txt`);
    await dialog.getByRole('button', { name: 'Add to the file' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fileSection().getByText('Added the claim listing: 19 claims. Its claims are now the claims of record.').waitFor();

    // A reference the action does not cite: the server's message, inline; the number and the file stay.
    dialog = await openAddDialog();
    await dialog.getByRole('radio', { name: /^Reference/ }).check();
    await dialog.getByLabel('Publication number').fill('US 9,999,999 B2');
    await dialog.getByLabel(/^File \(PDF/).setInputFiles(`${FIXTURES}reference-US20050025220.txt`);
    await snapBoth('file-add-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add to the file' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.getByText(/What you entered is still here/).waitFor();
    expect(await refusal.textContent()).toMatch(/Not added: US 9,999,999 B2 is not among the references/);
    expect(await refusal.textContent()).not.toMatch(/reference_not_cited|\/api\//);
    // The server's message is shown at the field it concerns, and the field keeps what was typed.
    const number = dialog.getByLabel('Publication number');
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    const atField = await number.evaluate((el) =>
      el
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(atField).toMatch(
      /US 9,999,999 B2 is not among the references the analysed office actions of 15091542 cite: Laroia \(US 2005\/0025220 A1\); Zhu \(US 2015\/0036514 A1\)/,
    );
    expect(await number.inputValue()).toBe('US 9,999,999 B2');
    expect(await dialog.getByLabel(/^File \(PDF/).evaluate((el) => (el as HTMLInputElement).files?.[0]?.name)).toBe('reference-US20050025220.txt');
    await snapBoth('file-add-dialog-refused', { fullPage: false, scrollTo: number });

    // The references the analysed action cites and the file lacks fill the number in with one click.
    await dialog.getByRole('button', { name: 'Fill in Laroia (US 2005/0025220 A1)' }).click();
    expect(await number.inputValue()).toBe('US 2005/0025220 A1');
    await dialog.getByRole('button', { name: 'Add to the file' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fileSection()
      .getByText(/^Added Laroia, US 2005\/0025220 A1: 66 paragraphs/)
      .waitFor();

    // The specification (here the application's abstract) as pasted text, for the support search.
    dialog = await openAddDialog();
    await dialog.getByRole('radio', { name: /^Specification/ }).check();
    await dialog.getByLabel('Paste the text').check();
    await dialog.getByLabel('Text of the document').fill(fixture('abstract.txt'));
    await dialog.getByRole('button', { name: 'Add to the file' }).click();
    await dialog.waitFor({ state: 'detached' });

    const docs = fileSection().getByRole('list', { name: 'Documents in the file' });
    await docs.getByText('Specification', { exact: true }).waitFor();
    const laroia = docs.getByRole('listitem').filter({ hasText: 'Reference: Laroia' });
    expect(await laroia.textContent()).toMatch(/66 paragraphs · 23 claims · 11 figures/);
    expect(await laroia.textContent()).toMatch(/Uploaded as reference-US20050025220\.txt/);
    const claims = docs.getByRole('listitem').filter({ hasText: 'Claim listing' });
    expect(await claims.textContent()).toMatch(/19 claims/);
    expect(await claims.textContent()).toMatch(/Claims of record/);
    await fileSection()
      .getByText(/Claims of record: 19 claims, a claim listing/)
      .waitFor();
    await snapBoth('application-file');
  });

  test("the claim chart: claim 1's WLAN limitation beside Laroia ¶ [0065], flagged for WLAN and 5GHz", async () => {
    await page.goto(analysisUrl);
    await page.getByRole('tab', { name: 'Claim chart' }).click();
    expect(page.url()).toContain('view=chart');
    await page.getByText(/22 of 25/).waitFor();

    const claim1 = page.getByRole('region', { name: 'Claim 1', exact: true });
    await claim1.getByRole('columnheader', { name: 'The examiner’s words' }).waitFor();
    const wlan = claim1.getByRole('row').filter({ hasText: 'receivable by a WLAN device' });
    const text = (await wlan.textContent())!;
    expect(text).toContain('Laroia ¶ [0065]');
    expect(text).toMatch(/orthogonal frequency division multiplexing \(OFDM\)/);
    expect(text).toContain('{¶0065}'); // the examiner's words, verbatim
    expect(text).toMatch(/Not in the cited passage\s*WLAN, 5GHz/);
    expect(text).toContain('WLAN and 5GHz appear nowhere in Laroia.');
    expect(text).not.toMatch(/terms_not_in_cited_passage|no_pinpoint|unresolved_pinpoint/);
    // The limitation's words that the passage does use are highlighted in it.
    // ([0065] lacks "bandwidth", "region" and "operating" as the flag says; it speaks of devices.)
    const marked = await wlan.locator('mark').allTextContents();
    expect(marked.map((m) => m.toLowerCase())).toContain('devices');

    // Zhu is not held: its pinpoint is flagged with the way to add it.
    const claim13 = page.getByRole('region', { name: 'Claim 13', exact: true });
    await claim13.getByText('Examiner concedes').first().waitFor();
    await claim13.getByText(/¶0178 of Zhu: no text of Zhu/).waitFor();
    await claim13.getByRole('button', { name: 'Add Zhu (US 2015/0036514 A1) to the file' }).waitFor();

    const filter = page.getByLabel('Only limitations with flags');
    await filter.check();
    await page.getByText(/^Showing \d+ of 44 limitations$/).waitFor();
    await filter.uncheck();
    await snapBoth('claim-chart');
  });

  test('the response wizard: "Check support" on claim 1\'s added words shows a supporting paragraph and the art', async () => {
    await page.goto(analysisUrl);
    await page.getByRole('button', { name: 'Prepare the response' }).click();
    await page.waitForURL(/\/responses\//);
    await page.getByLabel('Strategy for claim 1', { exact: true }).selectOption('amend_narrow');
    const original = page.getByLabel('Claim 1 as it stands', { exact: true });
    await expect.poll(() => original.inputValue()).toMatch(/WLAN device operating in approximately the 5GHz bandwidth region\.$/);
    const amended = (await original.inputValue()).replace(
      /\.$/,
      ', wherein other signals in 5GHz are filtered out before they are amplified by an external LNA.',
    );
    await page.getByLabel('Claim 1 as amended', { exact: true }).fill(amended);
    await page.locator('ins', { hasText: 'external LNA' }).first().waitFor();

    const support = page.getByRole('region', { name: 'Support for the amendment' });
    await support.getByText('Words added: “wherein other signals in 5GHz are filtered out before they are amplified by an external LNA”').waitFor();
    await support.getByRole('button', { name: 'Check support' }).click();
    await support.getByRole('heading', { name: 'Suggested support in the specification' }).waitFor();
    const paragraph = support.getByRole('listitem').filter({ hasText: 'before they are amplified by an external LNA' });
    await paragraph.waitFor();
    expect(await paragraph.locator('mark').count()).toBeGreaterThan(3);
    await support.getByRole('heading', { name: 'Where the cited art mentions them' }).waitFor();
    await support
      .getByText(/^Laroia ¶ \[\d{4}\]/)
      .first()
      .waitFor();
    await snapBoth('support-panel', { fullPage: false, scrollTo: support });
  });

  test('a response Prosa drafted is a draft in the file until it is marked filed', async () => {
    const { id: accountId } = await server.t.database.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    await grant(server.t.database.db, accountId, 100);
    await page.reload();
    const accept = page.getByLabel('Draft it anyway with the unanswered items marked');
    await page.getByRole('button', { name: /^Submit and draft/ }).waitFor();
    if (await accept.count()) await accept.check();
    await page.getByRole('button', { name: /^Submit and draft/ }).click();
    await page.getByRole('link', { name: /^Download / }).waitFor({ timeout: 90_000 });

    await page.goto(applicationUrl);
    const docs = fileSection().getByRole('list', { name: 'Documents in the file' });
    const draft = docs.getByRole('listitem').filter({ hasText: 'Response drafted by Prosa' });
    await draft.getByText('Draft, not filed').waitFor();
    await fileSection()
      .getByText(/Claims of record: 19 claims, a claim listing/)
      .waitFor();
    await draft.getByRole('button', { name: 'Mark filed: Response drafted by Prosa' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark this response filed?' });
    expect(await confirm.textContent()).toMatch(/become the claims of record/);
    await snapBoth('file-mark-filed', { fullPage: false });
    await confirm.getByRole('button', { name: 'Mark filed' }).click();
    await draft.getByText(/^Filed /).waitFor();
    await fileSection()
      .getByText(/Claims of record: 19 claims, the claims as amended by a filed response/)
      .waitFor();
    expect(await draft.getByRole('button', { name: /^Mark filed/ }).count()).toBe(0);

    // Removing asks first, then the document is gone.
    const spec = docs.getByRole('listitem').filter({ hasText: 'Specification' });
    await spec.getByRole('button', { name: 'Remove Specification' }).click();
    const sure = page.getByRole('alertdialog', { name: 'Remove this document from the file?' });
    await sure.getByRole('button', { name: 'Remove' }).click();
    await spec.waitFor({ state: 'detached' });
  });
});
