import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiFromPage, releaseBrowser, workerBrowser, signUpInBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';

// Issue 21 in Chromium: Settings > Notifications. The defaults are shown, a bad "days ahead" is
// named at its field and nothing is saved, a good change is saved and is what the API then holds.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer()]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
  await signUpInBrowser(page, { name: 'Ada Lovelace', email: `notify-${Date.now()}@firm.example` });
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

interface Prefs {
  reminders: boolean;
  categories: Record<string, boolean>;
  offsets: number[];
  digest: string;
  new_paper_alerts: boolean;
}

describe('Settings > Notifications', () => {
  test('defaults shown; a bad offset is refused at its field; a change is saved and held by the API', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    const days = page.getByLabel('Days ahead');
    expect(await days.inputValue()).toBe('30, 14, 7, 1, 0');
    expect(await page.getByLabel('Digest').inputValue()).toBe('weekly');
    await snap(page, 'settings-notifications');

    await days.fill('14, soon');
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await page
      .getByText(/whole number|integer|number/i)
      .first()
      .waitFor();
    expect((await apiFromPage<Prefs>(page, '/api/notifications/preferences')).offsets).toEqual([30, 14, 7, 1, 0]);

    await days.fill('21, 3, 0');
    await page.getByRole('checkbox', { name: /Maintenance fees/ }).uncheck();
    await page.getByLabel('Digest').selectOption('daily');
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = await apiFromPage<Prefs>(page, '/api/notifications/preferences');
    expect(saved).toMatchObject({ offsets: [21, 3, 0], digest: 'daily', categories: { maintenance: false, response: true } });

    await page.reload();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await page.getByLabel('Days ahead').inputValue()).toBe('21, 3, 0');
    expect(await page.getByRole('checkbox', { name: /Maintenance fees/ }).isChecked()).toBe(false);
  });
});
