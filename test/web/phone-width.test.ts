import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoSidewaysScroll, releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { createKey, sessionCookie } from '../support/app.ts';
import { analyzeOa, grant } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';

// Every page at a phone's 390 px without sideways scrolling, and without serious or critical axe
// findings at 390 and 1280 px (snap() checks both and keeps the screenshots); the docket's next
// deadline in view on a phone; the billing ledger's scrolling box reachable by keyboard; focus
// back on the opener when Escape closes a dialog; the activity in words with numbers written.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;
let analysisId: string;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer()]);
  await seedDemoData(server.t.database.db, todayUtc());
  const signup = await server.t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: `phone-${Date.now()}@firm.example`, password: 'correct horse battery', display_name: 'Ada Practitioner' },
  });
  const cookie = sessionCookie(signup);
  const accountId = signup.json().account.id as string;
  await grant(server.t.database.db, accountId, 5);
  for (const n of ['17200011', '17345678']) {
    const added = await server.t.app.inject({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie },
      payload: { application_number: n, client_matter: 'ACME-0042-US' },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  // An analysis (its page, and a usage line in the ledger).
  analysisId = (await analyzeOa(server.t.app, await createKey(server.t.app, cookie))).analysis_id;
  context = await newContext(browser, server.url);
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: server.url }]);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

const PAGES: [string, string, string][] = [
  ['dashboard', '/', 'Welcome'],
  ['docket', '/docket', 'Docket'],
  ['application', '/applications/17200011', '17/200,011'],
  ['analysis', '', 'Analysis of the'],
  ['forms', '/forms', 'Forms'],
  ['examiners', '/examiners', 'Examiners'],
  ['settings-profile', '/settings/profile', 'Profile'],
  ['settings-practitioner', '/settings/practitioner', 'Practitioner'],
  ['settings-api-keys', '/settings/api-keys', 'API keys'],
  ['settings-connected-apps', '/settings/connected-apps', 'Connected apps'],
  ['settings-calendar', '/settings/calendar', 'Calendar'],
  ['settings-billing', '/settings/billing', 'Billing'],
  ['settings-audit', '/settings/audit', 'Audit log'],
];

/** The element that has focus, as a person would name it (its label, else its text). */
const focused = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);

describe('every page at 1280 and 390 px', () => {
  for (const [name, path, heading] of PAGES) {
    test(`${name}: no sideways scroll at 390 px, no serious or critical axe findings at either width`, async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(path || `/analyses/${analysisId}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await snap(page, `phone-width-${name}`);
      await page.setViewportSize(PHONE);
      await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(390);
      await expectNoSidewaysScroll(page, `${name} at 390 px`);
    });
  }
});

describe("at a phone's width", () => {
  test('the analysis page fits: its claims table scrolls in its own box, reachable by keyboard', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/analyses/${analysisId}`);
    const claims = page.getByRole('region', { name: 'Claims table (scrolls sideways)' });
    await claims.waitFor();
    await expectNoSidewaysScroll(page, 'analysis at 390 px');
    expect(await claims.getAttribute('tabindex')).toBe('0');
  });

  test('the docket shows each application as a card with its next deadline on screen', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/docket');
    const card = page.getByRole('list', { name: 'Docket' }).getByRole('listitem').filter({ hasText: '17/200,011' });
    await card.waitFor();
    const deadline = card.getByText(/^Next deadline:/);
    expect(await deadline.isVisible()).toBe(true);
    const box = (await deadline.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The sideways table is in the page but not what a phone shows.
    expect(await page.getByRole('table', { name: /^Docket/, includeHidden: true }).count()).toBe(1);
    expect(await page.getByRole('table', { name: /^Docket/, includeHidden: true }).isVisible()).toBe(false);
    await expectNoSidewaysScroll(page, 'docket at 390 px');
  });

  test('numbers are written 17/200,011 and the docket search finds every written form', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/docket');
    const cards = page.getByRole('list', { name: 'Docket' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    for (const q of ['17/200,011', '17200011', '17-200011', 'US17/200,011']) {
      await page.getByLabel('Search').fill(q);
      await expect.poll(() => cards.count(), { message: q }).toBe(1);
      await cards.getByRole('link', { name: '17/200,011' }).waitFor();
    }
    await page.getByLabel('Search').fill('');
    await expect.poll(() => cards.count()).toBe(2);
  });

  test("the billing ledger's scrolling box is reached with Tab and has a name", async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/settings/billing');
    const ledger = page.getByRole('region', { name: 'Credit history (scrolls sideways)' });
    await ledger.waitFor();
    expect(await ledger.getAttribute('tabindex')).toBe('0');
    // By keyboard: from the section's Export CSV button, the next Tab is the ledger's box.
    await page.getByRole('region', { name: 'Credit history', exact: true }).getByRole('button', { name: 'Export CSV' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('Credit history (scrolls sideways)');
  });
});

describe('Escape closes a dialog and gives focus back to the button that opened it', () => {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`at ${width} px: the Add and the Edit dialogs of the docket`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/docket');
      await page.getByRole('button', { name: 'Add application' }).first().click();
      await page.getByRole('dialog', { name: 'Add an application' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('Add application');
      // At either width the visible Edit button (the table's, or the phone card's) is the opener.
      await page.getByRole('button', { name: 'Edit 17/200,011' }).click();
      await page.getByRole('dialog', { name: 'Edit 17/200,011' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('Edit 17/200,011');
    });
  }
});

test("the dashboard's activity says what happened in words, with the number written", async () => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await activity.getByText('17/200,011 added to the docket').first().waitFor();
  await activity.getByText('Office action analyzed for 17/200,011').first().waitFor();
  expect(await activity.getByText(/docket_entry|draft_job|credit_ledger|\b\d{8}\b/).count()).toBe(0);
});
