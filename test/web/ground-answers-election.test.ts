import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import mammoth from 'mammoth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiFromPage, expectNoSidewaysScroll, releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { grant } from '../support/drafts.ts';
import { corpusText } from '../response-plan/support.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';

/**
 * The response wizard in Chromium (issue 19 item 5 and item 2):
 * - a claim facing several grounds answers each with its own select (corpus 09: claim 2 amended to
 *   clarify its 112(b) ground, its double patenting disclaimed, or argued when chosen);
 * - a reply to a restriction requirement (corpus 15) starts with the election: the group, with
 *   traverse by default, then the traverse reasons, then the paper elects exactly that group.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    workerBrowser(),
    startWebServer({}, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } }),
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

const TRAVERSE =
  'The apparatus of Group II is used only to practice the method of Group I, and a search for one covers the other, so examining both is no serious burden (MPEP 803).';

async function analyze(fixture: string, applicationNumber: string): Promise<string> {
  const a = await apiFromPage<{ analysis_id: string }>(page, '/api/analyses', {
    office_action_text: corpusText(fixture),
    application_number: applicationNumber,
    include_examiner_intel: false,
  });
  return a.analysis_id;
}

async function openWizard(analysisId: string): Promise<string> {
  await page.goto(`/analyses/${analysisId}`);
  await page.getByRole('button', { name: 'Prepare the response' }).click();
  await page.waitForURL(/\/responses\//);
  return page.url().split('/responses/')[1]!;
}

const plan = (id: string) => page.evaluate((p) => fetch(`/api/response-plans/${p}`).then((r) => r.json()), id);

describe('the wizard: an answer per ground, and the election', () => {
  test('sign up, with credits', async () => {
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(`grounds-${Date.now()}@firm.example`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    await grant(server.t.database.db, me.account.id, 300);
  });

  test('corpus 09: claim 2 answers its double patenting and its indefiniteness each in its own way', async () => {
    const planId = await openWizard(await analyze('09', '17/200,011'));
    await page.getByRole('heading', { name: '1. Grounds and arguments' }).waitFor();
    const claim2 = page.locator('#claim-2');
    const box = claim2.getByRole('group', { name: 'Answer to each ground of rejection' });
    const dp = box.getByLabel(/^Claim 2: answer to the rejection of claim 2 .*double patenting/i);
    expect(await dp.locator('option:checked').textContent()).toBe("As the claim's strategy implies: file a terminal disclaimer");
    expect(await dp.locator('option').allTextContents()).toEqual([
      "As the claim's strategy implies: file a terminal disclaimer",
      'Argue the rejection',
      'File a terminal disclaimer',
    ]);
    const indefinite = box.getByLabel(/^Claim 2: answer to the rejection of claims 1-31 under 35 U\.S\.C\. 112\(b\)/);
    expect(await indefinite.locator('option:checked').textContent()).toBe("As the claim's strategy implies: answer it with the claim's amendment");
    // Claims argued on every ground have nothing to choose: no per-ground box.
    expect(await page.locator('#claim-5').getByRole('group', { name: 'Answer to each ground of rejection' }).count()).toBe(0);

    await dp.selectOption('argue_distinction');
    await box.getByText('Chosen for this ground.').waitFor();
    await expect
      .poll(async () => (await plan(planId)).claims[1].ground_answers[0])
      .toEqual({ ground_id: 'r1-dp', answer: 'argue_distinction', chosen: 'argue_distinction', choices: ['argue_distinction', 'terminal_disclaimer'] });
    // The double patenting ground now needs the argument, and step 1 says so in words.
    const dpGround = page.locator('li[data-ground]').filter({ has: page.getByRole('heading', { name: /double patenting/i }) });
    await dpGround.getByText(/^Not answered yet: claim 2: argue the rejection, but there is no argument on this ground yet\.$/).waitFor();
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/\b[roxi]\d+-[a-z0-9]+\b|_/);
    await snap(page, 'wizard-ground-answers-09', { fullPage: false, scrollTo: claim2 });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'wizard 09 at 390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await dp.selectOption('');
    await expect.poll(async () => (await plan(planId)).claims[1].ground_answers[0].chosen).toBeNull();
    await dpGround.getByText('Answered', { exact: true }).waitFor();
  }, 120_000); // a browser driving two papers: a harness guard against a hang, not a speed check

  test('corpus 15, a restriction: the election comes first, with traverse by default; submit waits for it; the paper elects Group II', async () => {
    await apiFromPage(page, '/api/docket', {
      application_number: '16/777,001',
      application: { invention_title: 'Liner testing methods and apparatus', filing_date: '2019-08-26', examiner_name: 'ROE, RICHARD', art_unit: '1636' },
    });
    const planId = await openWizard(await analyze('15', '16/777,001'));
    const election = page.getByRole('region', { name: '1. Election' });
    await election.waitFor();
    await page.getByRole('heading', { name: '2. Grounds and arguments' }).waitFor();
    await election.getByText('No election has been made yet: the response cannot be drafted without one.').waitFor();
    const submit = page.getByRole('button', { name: /^Submit and draft/ });
    await page.getByText(/^Make the election in step 1 first/).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await election.getByLabel(/^Elect with traverse/).isChecked()).toBe(true);
    expect(await election.getByRole('radio').allTextContents()).toEqual(['', '']);
    await election.getByLabel(/^Group II \(claims 27-37/).check();
    await election.getByRole('button', { name: 'Save the election' }).click();
    await election.getByText('Group II is elected with traverse: claims 27-37 will be examined; claims 10-13, 38-42 are withdrawn.').waitFor();
    expect((await plan(planId)).election).toMatchObject({ group: 'II', traverse: true });
    await snap(page, 'wizard-election-15', { fullPage: false, scrollTo: election });

    const reasons = page.getByLabel('Reasons for traversing the restriction requirement (if you traverse)');
    await reasons.fill(TRAVERSE);
    await page.locator('li[data-ground]').getByRole('button', { name: 'Save reply' }).click();
    await page.getByText('Every ground and objection is answered.').waitFor();
    expect(await submit.isDisabled()).toBe(false);
    // The excerpt states no mailing date and nothing is recorded for the application: asked for, in words.
    await submit.click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Give the mailing date of the office action: neither its text nor the application's record states it." })
      .waitFor();
    await page.getByLabel('Mailing date of the office action').fill('2021-05-03');
    await submit.click();
    const download = page.getByRole('link', { name: /^Download / });
    await download.waitFor({ timeout: 60_000 });
    const res = await fetch(new URL((await download.getAttribute('href'))!, server.url));
    const text = (await mammoth.extractRawText({ buffer: Buffer.from(await res.arrayBuffer()) })).value.replace(/\s+/g, ' ');
    expect(text).toMatch(/Applicant elects Group II, claims 27-37, with traverse\./);
    expect(text).toContain(TRAVERSE);
    await snap(page, 'wizard-election-15-submitted', { fullPage: false, scrollTo: page.getByRole('heading', { name: '5. Price and submit' }) });
  }, 120_000);
});
