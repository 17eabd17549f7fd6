// The responsible practitioner in Chromium (issue 22): on an application's page the owner picks
// a practitioner from the firm's owners and practitioners (or "Not assigned"), the docket table
// shows who it is, and Settings > Notifications offers "the whole firm's docket". axe at 1280 and
// 390 px on both pages.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiFromPage, releaseBrowser, workerBrowser, newContext, signUpInBrowser, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { injectAsClient, randomIp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { invitationToken } from '../firms/support.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let server: WebServer;
let browser: Browser;
let mailDir: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prosa-responsible-web-'));
  mailDir = join(dataDir, 'mail');
  server = await startWebServer({ PROSA_DATA_DIR: dataDir });
  await seedDemoData(server.t.database.db, new Date().toISOString().slice(0, 10));
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

test('the owner makes a practitioner responsible for a matter; the docket shows it; the notification scope is saved', async () => {
  const ctx = await newContext(browser, server.url);
  const page = await ctx.newPage();
  await signUpInBrowser(page, { email: 'rita.owner@firm.example', name: 'Rita Owner' });
  await apiFromPage(page, '/api/firm/invitations', { email: 'pat.practitioner@firm.example', role: 'practitioner' });
  const joined = await injectAsClient(server.t.app, {
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: randomIp(),
    payload: {
      email: 'pat.practitioner@firm.example',
      password: 'correct horse battery staple',
      display_name: 'Pat Practitioner',
      invitation_token: invitationToken(mailDir, 'pat.practitioner@firm.example'),
    },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  await apiFromPage(page, '/api/firm/invitations', { email: 'quinn.para@firm.example', role: 'paralegal' });
  expect(
    (
      await injectAsClient(server.t.app, {
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: randomIp(),
        payload: {
          email: 'quinn.para@firm.example',
          password: 'correct horse battery staple',
          display_name: 'Quinn Para',
          invitation_token: invitationToken(mailDir, 'quinn.para@firm.example'),
        },
      })
    ).statusCode,
  ).toBe(201);
  const entry = await apiFromPage<{ id: string }>(page, '/api/docket', { application_number: '17200011' });

  await page.goto('/applications/17200011');
  const select = page.getByRole('combobox', { name: 'Responsible practitioner' });
  await select.waitFor();
  expect(await select.inputValue()).toBe('');
  const options = await select.locator('option').allTextContents();
  expect(options[0]).toBe('Not assigned');
  expect(options.some((o) => o.includes('Pat Practitioner') && o.includes('Practitioner'))).toBe(true);
  expect(options.some((o) => o.includes('Rita Owner'))).toBe(true);
  expect(options.some((o) => o.includes('Quinn Para'))).toBe(false); // a paralegal cannot be responsible
  await select.selectOption({ label: options.find((o) => o.includes('Pat Practitioner'))! });
  await page.getByRole('button', { name: 'Save responsible practitioner' }).click();
  await page.getByText(/Saved\. This matter.s mail goes to Pat Practitioner/).waitFor();
  await snap(page, 'responsible-practitioner', { scrollTo: page.getByRole('heading', { name: 'Responsibility and reminders' }) });
  const saved = await apiFromPage<{ responsible: { name: string } | null }>(page, `/api/docket/${entry.id}`);
  expect(saved.responsible).toMatchObject({ name: 'Pat Practitioner', email: 'pat.practitioner@firm.example' });

  await page.goto('/docket');
  await page.getByRole('columnheader', { name: 'Responsible' }).waitFor();
  await page.getByRole('row').filter({ hasText: '17/200,011' }).filter({ hasText: 'Pat Practitioner' }).waitFor();
  await snap(page, 'responsible-docket');

  await page.goto('/settings/notifications');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  expect(await page.getByRole('radio', { name: /Matters I am responsible for/ }).isChecked()).toBe(true);
  await page.getByRole('radio', { name: "The whole firm's docket" }).check();
  await page.getByRole('button', { name: 'Save notifications' }).click();
  await page.getByText('Saved.').waitFor();
  await snap(page, 'responsible-notifications-scope');
  expect(await apiFromPage<{ scope: string }>(page, '/api/notifications/preferences')).toMatchObject({ scope: 'firm' });
  await ctx.close();
});
