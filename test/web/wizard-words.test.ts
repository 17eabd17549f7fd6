import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import mammoth from 'mammoth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiFromPage, releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { grant } from '../support/drafts.ts';
import { corpusText } from '../response-plan/support.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { STRATEGY_CODES } from '../../src/domain/response-plan/strategies.ts';
import { todayUtc } from '../../src/clock.ts';
import { LIFTED } from '../support/app.ts';

/**
 * Issue 19, "also seen by a practitioner trying the web app", and item 7, in Chromium on real
 * plans (corpus 04, and corpus 09's 31 claims, analysed for application 17/200,011 whose demo
 * record supplies the caption):
 * - the wizard's visible text holds no strategy code, ground id, API path or field name;
 * - an objection whose reply box is empty is not badged "Answered" unless what answers it needs
 *   no text, and then the wizard says what does;
 * - the number of places to fill the wizard shows is the number the drafted DOCX prints.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    workerBrowser(),
    startWebServer(
      {},
      { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 }, tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED } },
    ),
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

// Codes that are also English words ("cancel", "elect") are caught only as codes, by the underscore.
const DENY: { what: string; re: RegExp }[] = [
  ...STRATEGY_CODES.filter((c) => c.includes('_')).map((c) => ({ what: `strategy code ${c}`, re: new RegExp(`\\b${c}\\b`) })),
  { what: 'a ground id', re: /\b[roxi]\d+-[a-z0-9]+\b/ },
  { what: 'an API call', re: /PUT / },
  { what: 'an API path', re: /\/api\// },
  { what: 'a field name', re: /original_text/ },
  { what: 'a paper kind code', re: /non_final/ },
  { what: 'an underscore (a code)', re: /_/ },
];

/** Every line of `text` that shows a code or API text, with what it shows. */
function codesIn(text: string): string[] {
  return text.split('\n').flatMap((line) => DENY.filter((d) => d.re.test(line)).map((d) => `${d.what}: ${line.trim().slice(0, 200)}`));
}

const visibleText = () => page.evaluate(() => document.body.innerText);

/** The number in the wizard's "The paper will have (has, once drafted) N highlighted, bracketed places for you to fill." */
async function placesShown(): Promise<number> {
  const line = page.getByText(/^The paper (?:will have|has) \d+ highlighted, bracketed places? for you to fill\.$/);
  await line.waitFor();
  return Number((await line.textContent())!.match(/(\d+)/)![1]);
}

async function analyze(fixture: string): Promise<string> {
  const a = await apiFromPage<{ analysis_id: string }>(page, '/api/analyses', {
    office_action_text: corpusText(fixture),
    application_number: '17/200,011',
    include_examiner_intel: false,
  });
  return a.analysis_id;
}

async function openWizard(analysisId: string): Promise<void> {
  await page.goto(`/analyses/${analysisId}`);
  await page.getByRole('button', { name: 'Prepare the response' }).click();
  await page.waitForURL(/\/responses\//);
  await page.getByRole('heading', { name: '1. Grounds and arguments' }).waitFor();
}

const ground = (title: RegExp) => page.locator('li[data-ground]').filter({ has: page.getByRole('heading', { name: title }) });

describe('the response wizard in words, its places counted as the paper counts them', () => {
  test('sign up, with credits', async () => {
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(`words-${Date.now()}@firm.example`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    await grant(server.t.database.db, me.account.id, 300);
  });

  test('corpus 04: the analysis and the wizard show words, not codes; the objection with an empty box is not answered', async () => {
    const analysisId = await analyze('04');
    await page.goto(`/analyses/${analysisId}`);
    await page.getByRole('heading', { name: 'Analysis of the non-final rejection' }).waitFor();
    // The analysis page, but for the office action's own text (quoted as the examiner wrote it).
    const analysisText = await page.evaluate(() => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      main.querySelector('[aria-label="Office action text"]')?.remove();
      return main.innerText || main.textContent || '';
    });
    expect(codesIn(analysisText)).toEqual([]);
    expect(analysisText).toContain('Amend to narrow');
    expect(analysisText).toContain('35 U.S.C. 103');
    await snap(page, 'analysis-words', { fullPage: false });

    await openWizard(analysisId);
    await page.getByText('Reply to the non-final rejection').waitFor();
    await placesShown();
    // Claim 1's amended text is asked for in words, by the box it goes in.
    await page.getByText("Claim 1's amended text is missing: type it in the box “Claim 1 as amended”.").waitFor();
    await page.getByText('Argued: write the argument on the rejection of claims 1-2 under 35 U.S.C. 103 in step 1.').waitFor();
    expect(codesIn(await visibleText())).toEqual([]);
    // Strategies are offered by name.
    const options = await page.getByLabel('Strategy for claim 1').locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Amend to narrow', 'Argue the rejection', 'Rewrite in independent form', 'Cancel the claim']));

    // The objection to claims 3-6 (rewrite in independent form, no text yet): its box is empty and it is not answered.
    const objection = ground(/^Objection to claims 3-6/);
    expect(await objection.getByLabel('Reply to the objection to claims 3-6').inputValue()).toBe('');
    expect(await objection.getByText('Answered', { exact: true }).count()).toBe(0);
    await objection.getByText('Not answered', { exact: true }).waitFor();
    await objection
      .getByText(/^Not answered yet: claims 3-6: rewrite in independent form, but the amended text or the claim as it stands is missing\.$/)
      .waitFor();

    // Claims 3-6 kept as they are: the objection is answered without text (abeyance), and the wizard says so.
    for (const n of [3, 4, 5, 6]) {
      await page.getByLabel(`Strategy for claim ${n}`).selectOption('no_action');
      await expect.poll(() => page.getByLabel(`Strategy for claim ${n}`).inputValue()).toBe('no_action');
    }
    await objection.getByText('Answered', { exact: true }).waitFor();
    await objection.getByText(/^Answered without a reply: Claims 3-6: the response asks that the objection be held in abeyance/).waitFor();
    expect(codesIn(await visibleText())).toEqual([]);
    await snap(page, 'wizard-words-04');
  });

  test('corpus 04: the places the wizard counts are the places the drafted DOCX says it has', async () => {
    const before = await placesShown();
    expect(before).toBeGreaterThan(0);
    await page.getByLabel('Draft it anyway with the unanswered items marked').check();
    await page.getByRole('button', { name: /^Submit and draft/ }).click();
    const download = page.getByRole('link', { name: /^Download / });
    await download.waitFor({ timeout: 60_000 });
    const res = await fetch(new URL((await download.getAttribute('href'))!, server.url));
    expect(res.status).toBe(200);
    const text = (await mammoth.extractRawText({ buffer: Buffer.from(await res.arrayBuffer()) })).value;
    const printed = Number(/(\d+) highlighted, bracketed (?:place needs|places need) the practitioner's text before filing/.exec(text)?.[1] ?? 0);
    expect(before).toBe(printed);
    // The submitted plan still shows the paper's count.
    expect(await placesShown()).toBe(printed);
    expect(codesIn(await visibleText())).toEqual([]);
    await snap(page, 'wizard-words-04-submitted', { fullPage: false, scrollTo: page.getByRole('heading', { name: '4. Price and submit' }) });
  });

  test('corpus 09, 31 claims: claims 5-8 objected to for their dependency are not answered by an empty box; a reply answers them', async () => {
    await openWizard(await analyze('09'));
    await placesShown();
    expect(codesIn(await visibleText())).toEqual([]);
    // One line per unanswered ground, and the claims in one line (not one line per missing text).
    const grounds = await page.locator('li[data-ground]').count();
    const check = page.getByRole('region', { name: '3. Completeness check' });
    const lines = await check.getByRole('listitem').count();
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(grounds + 1);

    const dependency = ground(/^Objection to claims 5-8/);
    const box = dependency.getByLabel('Reply to the objection to claims 5-8');
    expect(await box.inputValue()).toBe('');
    await dependency.getByText('Not answered', { exact: true }).waitFor();
    expect(await dependency.getByText('Answered', { exact: true }).count()).toBe(0);
    await dependency
      .getByText(
        'Not answered yet: claims 5-8: neither amended nor cancelled (the strategy is “Argue the rejection”), and the objection has no reply yet: write one, or amend or cancel the claim.',
      )
      .waitFor();
    await snap(page, 'wizard-words-09', { fullPage: false, scrollTo: dependency });
    await snap(page, 'wizard-words-09-check', { fullPage: false, scrollTo: check });

    await box.fill('Claims 5-8 are objected to only for depending from claim 4, whose informality is corrected above.');
    await dependency.getByRole('button', { name: 'Save reply' }).click();
    await dependency.getByText('Answered', { exact: true }).waitFor();
    expect(await dependency.getByText(/^Answered without/).count()).toBe(0);
  });
});
