import { afterAll, beforeAll, describe, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { DATASET, importDataset, importRejections, REJECTIONS } from '../support/examiner-dataset.ts';
import { signUp } from '../support/app.ts';

// Browser flows on a shared 2-core machine: generous limits; locators still wait, never sleep.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer()]);
  await importDataset(server.t.database.db, DATASET);
  await importRejections(server.t.database.db, REJECTIONS);
  const a = await signUp(server.t.app);
  context = await newContext(browser, server.url);
  await context.addCookies([{ name: 'prosa_session', value: a.cookie.split('=')[1], url: server.url }]);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

describe('examiner pages', () => {
  test('search, then the profile with charts, data tables, the sample-size warning and definitions', async () => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Examiners' }).click();
    await page.getByLabel('Examiner name or art unit').fill('DOVE');
    await page
      .getByRole('link', { name: /^DOVE, TRACY/ })
      .first()
      .waitFor();
    await snap(page, 'examiner-search');
    await page
      .getByRole('link', { name: /^DOVE, TRACY/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByRole('table', { name: 'Rates: the examiner beside the art unit' }).waitFor();
    await page.getByRole('table', { name: 'Office actions citing each basis' }).waitFor();
    await page.getByText(/treat the rates as indicative/).waitFor();
    // DOVE has 2 decided cases with an applicant-initiated interview (issue 11: the examiner's own
    // call in A11 no longer counts): no interview figure, and the page says why.
    await page.getByText(/No interview figures: 2 decided case\(s\) with an applicant-initiated interview and 6 without one/).waitFor();
    await page.getByText('RCEs before allowance (average)').waitFor();
    await page.getByRole('heading', { name: 'Definitions' }).waitFor();
    await snap(page, 'examiner-profile');
  });
});
