import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launch, newContext, startWebServer, type WebServer } from '../support/browser.ts';
import { createKey, sessionCookie } from '../support/app.ts';
import { analyzeOa, grant } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';

// Issue 22 items 3 and 5: every page at a phone's 390 px without sideways scrolling and without
// serious or critical axe findings (at 1280 px too); the docket's next deadline in view; focus
// back on the opener when Escape closes a dialog; numbers written 17/200,011 and found so.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const SHOTS = process.env.PROSA_SHOTS ?? '/tmp/shots-frictions';
let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;
let analysisId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [browser, server] = await Promise.all([launch(), startWebServer()]);
  await seedDemoData(server.t.database.db, todayUtc());
  const signup = await server.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `phone-${Date.now()}@firm.example`, password: 'correct horse battery', display_name: 'Ada Practitioner' } });
  const cookie = sessionCookie(signup);
  const accountId = signup.json().account.id as string;
  await grant(server.t.database.db, accountId, 5);
  for (const n of ['17200011', '17300022']) await server.t.app.inject({ method: 'POST', url: '/api/docket', headers: { cookie }, payload: { application_number: n, client_matter: 'ACME-0042-US' } });
  analysisId = (await analyzeOa(server.t.app, await createKey(server.t.app, cookie))).analysis_id;
  context = await newContext(browser, server.url);
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: server.url }]);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const PAGES: [string, string, string][] = [
  ['dashboard', '/', 'Welcome'],
  ['docket', '/docket', 'Docket'],
  ['application', '/applications/17200011', '17/200,011'],
  ['analysis', '', 'Analysis'],
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

async function widthOf(p: Page): Promise<{ scroll: number; client: number }> {
  return p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
}

describe('every page at 1280 and 390 px', () => {
  for (const [name, path, heading] of PAGES) {
    test(`${name}: no sideways scroll at 390 px, no serious or critical axe findings at either width`, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path || `/analyses/${analysisId}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${name}@1280`);
      await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => widthOf(page).then((w) => w.client)).toBe(390);
      const w = await widthOf(page);
      expect(w.scroll, `${name} is ${w.scroll} px wide at 390`).toBeLessThanOrEqual(390);
      await expectAccessible(page, `${name}@390`);
      await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
    });
  }

  test('the docket at 390 px: the next deadline is on screen; numbers are written and found in every form', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/docket');
    const card = page.getByRole('list', { name: 'Docket' }).getByRole('listitem').filter({ hasText: '17/200,011' });
    await card.waitFor();
    const deadline = card.getByText(/Next deadline/);
    const box = (await deadline.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const q of ['17/200,011', '17200011', '17-200011', 'US17/200,011']) {
      await page.getByLabel('Search').fill(q);
      await expect.poll(() => page.getByRole('list', { name: 'Docket' }).getByRole('listitem').count(), { message: q }).toBe(1);
      await page.getByRole('link', { name: '17/200,011' }).waitFor();
    }
    await page.getByLabel('Search').fill('');
  });

  test('Escape closes a dialog and gives focus back to the button that opened it', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/docket');
    const opener = page.getByRole('button', { name: 'Add application' }).first();
    await opener.click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName)).toBe('Add application');
    const edit = page.getByRole('button', { name: 'Edit 17/200,011' });
    await edit.click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit 17/200,011');
  });

  test('the activity on the dashboard says it in words', async () => {
    await page.goto('/');
    await page.getByText('17/200,011 added to the docket').first().waitFor();
    await page.getByText('Office action analyzed for 17/200,011').first().waitFor();
    expect(await page.getByText(/docket_entry|draft_job|credit_ledger/).count()).toBe(0);
  });
});
