import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiFromPage, releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { LIFTED } from '../support/app.ts';

// Issue 19 in Chromium: Settings > Practitioner (your own profile, which signs the papers you submit) and, on the application
// page, the matter number and the entity status its fees follow. Locators wait; nothing sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([workerBrowser(), startWebServer({}, { tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED } })]);
  await seedDemoData(server.t.database.db, todayUtc());
  context = await newContext(browser, server.url);
  page = await context.newPage();
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill(`identity-${Date.now()}@firm.example`);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

const me = () => page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));

describe('Settings > Practitioner', () => {
  test('the form says it is yours and signs the papers you submit; a wrong registration number is shown at its field; the saved profile is yours', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Practitioner' }).click();
    await page.getByRole('heading', { name: 'Practitioner' }).waitFor();
    await page.getByText('Your own profile: its name and registration number sign the papers and forms you submit').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Registration number').fill('Reg. 65432');
    await page.getByLabel('Firm').fill('Lovelace & Babbage LLP');
    await page.getByLabel('Address').fill("12 St James's Square\nLondon SW1Y 4LB");
    await page.getByLabel('Telephone').fill('+44 20 7946 0000');
    await page.getByLabel('E-mail').fill('ada@lovelace-ip.example');
    await page.getByLabel('Deposit account').fill('50-1234');
    await page.getByLabel('Customer number').fill('20995');
    await page.getByRole('button', { name: 'Save practitioner' }).click();
    const reg = page.getByLabel('Registration number');
    await expect.poll(() => reg.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Must be a USPTO registration number: digits, with an optional thousands comma (71234 or 71,234)').waitFor();
    await page.getByRole('alert').filter({ hasText: 'nothing was saved' }).waitFor();
    expect((await me()).account.practitioner).toBeNull();
    await snap(page, 'settings-practitioner-error');

    await reg.fill('65,432');
    await page.getByRole('button', { name: 'Save practitioner' }).click();
    await page.getByText('Saved. Your papers are signed by Ada Lovelace, Reg. No. 65,432.').waitFor();
    expect((await me()).account.practitioner).toEqual({
      name: 'Ada Lovelace',
      registration_number: '65,432',
      firm: 'Lovelace & Babbage LLP',
      address: "12 St James's Square\nLondon SW1Y 4LB",
      telephone: '+44 20 7946 0000',
      email: 'ada@lovelace-ip.example',
      deposit_account: '50-1234',
      customer_number: '20995',
    });
    await snap(page, 'settings-practitioner');

    // A reload shows what the account holds.
    await page.reload();
    // The form shows once GET /api/auth/me has answered (a loaded machine can take longer than a poll's second).
    await page.getByText('Your own profile: its name and registration number sign the papers and forms you submit').waitFor();
    await expect.poll(() => page.getByLabel('Registration number').inputValue()).toBe('65,432');
    await expect.poll(() => page.getByLabel('Address').inputValue()).toBe("12 St James's Square\nLondon SW1Y 4LB");
  });
});

describe('the application page: matter number and entity status', () => {
  test('shows where the entity status comes from; setting it and the matter number on the docket entry moves the fees', async () => {
    const entry = await apiFromPage<{ id: string }>(page, '/api/docket', { application_number: '17345678' });
    await page.goto('/applications/17345678');
    const section = page.getByRole('region', { name: 'Matter and fees' });
    // The USPTO record of the demo 17/345,678 is a large entity's; the account's default is large too.
    await section.getByText('Large entity, from the USPTO record.').waitFor();
    await expect.poll(() => section.getByLabel('Entity status').inputValue()).toBe('');
    await section.getByText('Not set: use the USPTO record (large)').waitFor({ state: 'attached' });
    await section.getByText("without it, papers print the USPTO record's PRS-1002-US").waitFor();
    await page.getByText('fees for a large entity').waitFor();

    await section.getByLabel('Matter number (Attorney Docket No.)').fill('SNS-0007-US');
    await section.getByLabel('Entity status').selectOption('small');
    await section.getByRole('button', { name: 'Save matter and entity status' }).click();
    await section.getByText('Saved. New papers for this application use it.').waitFor();
    await section.getByText('Small entity (37 CFR 1.27), set on this docket entry.').waitFor();
    // The deadlines' extension fees follow at once.
    await page.getByText('fees for a small entity').waitFor();
    const saved = await page.evaluate((id) => fetch(`/api/docket/${id}`).then((r) => r.json()), entry.id);
    expect(saved).toMatchObject({ client_matter: 'SNS-0007-US', entity_size: 'small', entity_size_source: 'docket' });
    const deadlines = await page.evaluate(() => fetch('/api/applications/17345678/deadlines').then((r) => r.json()));
    for (const e of deadlines.calculation.extensions) expect(e.fee_for_entity).toBe(e.fee.small);
    await snap(page, 'application-matter-and-fees', { scrollTo: section });

    // "Not set" hands the decision back to the USPTO record.
    await section.getByLabel('Entity status').selectOption('');
    await section.getByRole('button', { name: 'Save matter and entity status' }).click();
    await section.getByText('Large entity, from the USPTO record.').waitFor();
    expect(await page.evaluate((id) => fetch(`/api/docket/${id}`).then((r) => r.json()), entry.id)).toMatchObject({
      client_matter: 'SNS-0007-US',
      entity_size: 'large',
      entity_size_source: 'uspto',
    });
  });
});
