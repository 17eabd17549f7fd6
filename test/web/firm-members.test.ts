// Firms in the browser (issue 22): the owner invites a paralegal and a practitioner from
// Settings > Members, both join through the e-mailed /join link, the paralegal dockets an
// application that the practitioner then sees, the owner's audit log says who did what, and the
// removed paralegal's next page load is signed out; Settings > Practitioner is each person's own
// (a paralegal reads why they keep none). axe and screenshots of Members, /join and that page.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiFromPage, releaseBrowser, workerBrowser, newContext, signUpInBrowser, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { inviteInBrowser, joinFirmInBrowser } from './firm-browser.ts';

let server: WebServer;
let browser: Browser;
let mailDir: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prosa-firm-web-'));
  mailDir = join(dataDir, 'mail');
  server = await startWebServer({ PROSA_DATA_DIR: dataDir });
  await seedDemoData(server.t.database.db, new Date().toISOString().slice(0, 10));
  browser = await workerBrowser();
}, 180_000);
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
}, 180_000);

test('an owner invites a paralegal and a practitioner, who join; who did what shows; a removed member is signed out', async () => {
  const ownerCtx = await newContext(browser, server.url);
  const owner = await ownerCtx.newPage();
  await signUpInBrowser(owner, { email: 'olga.owner@firm.example', name: 'Olga Owner' });
  await owner.goto('/settings/members');
  await owner.getByRole('heading', { name: 'Invite a member' }).waitFor();
  await inviteInBrowser(owner, 'paula.para@firm.example', /^Paralegal/);
  await inviteInBrowser(owner, 'priya.prac@firm.example', /^Practitioner/);
  await owner.getByText('priya.prac@firm.example').first().waitFor();
  await snap(owner, 'firm-members-owner');

  const paralegal = await joinFirmInBrowser(browser, server.url, mailDir, { email: 'paula.para@firm.example', name: 'Paula Para' }, (page) =>
    snap(page, 'firm-join'),
  );
  const practitioner = await joinFirmInBrowser(browser, server.url, mailDir, { email: 'priya.prac@firm.example', name: 'Priya Prac' });

  // The paralegal dockets an application; the practitioner sees it on the firm's docket.
  await apiFromPage(paralegal, '/api/docket', { application_number: '17200011', client_matter: 'KA-0042' });
  await practitioner.goto('/docket');
  await practitioner.getByText('KA-0042').filter({ visible: true }).first().waitFor(); // the table at 1280 (the phone cards are hidden)
  // The paralegal sees Billing without the top-up (owner only), with the reason.
  await paralegal.goto('/settings/billing');
  await paralegal.getByText(/Only an owner of the firm can buy credits/).waitFor();
  expect(await paralegal.getByRole('button', { name: /^Buy / }).count()).toBe(0);
  // Members read-only for the practitioner.
  await practitioner.goto('/settings/members');
  await practitioner.getByText('Only an owner can invite people').waitFor();
  expect(await practitioner.getByRole('button', { name: /^Remove / }).count()).toBe(0);
  await snap(practitioner, 'firm-members-practitioner');

  // Settings > Practitioner is each person's own: the owner's profile is not the practitioner's;
  // the paralegal, who does not sign, reads why instead of a form.
  expect(
    await owner.evaluate(() =>
      fetch('/api/account', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ practitioner: { name: 'Olga Owner', registration_number: '61,111' } }),
      }).then((r) => r.status),
    ),
  ).toBe(200);
  await practitioner.goto('/settings/practitioner');
  await practitioner.getByText('Your own profile: its name and registration number sign the papers and forms you submit').waitFor();
  expect(await practitioner.getByLabel('Name', { exact: true }).inputValue()).toBe('');
  await paralegal.goto('/settings/practitioner');
  await paralegal.getByText(/Your role \(Paralegal\) does not sign papers/).waitFor();
  expect(await paralegal.getByRole('button', { name: 'Save practitioner' }).count()).toBe(0);
  await snap(paralegal, 'firm-practitioner-paralegal');

  // The owner's audit log names who did what.
  await owner.goto('/settings/audit');
  const row = owner
    .getByRole('row')
    .filter({ hasText: 'Paula Para' })
    .filter({ hasText: /docket/i })
    .first();
  await row.waitFor();

  // The owner removes the paralegal; her next page load is signed out.
  await owner.goto('/settings/members');
  await owner.getByRole('button', { name: 'Remove Paula Para' }).click();
  await owner.getByRole('button', { name: 'Remove member' }).click();
  await owner.getByText('The member was removed and signed out.').waitFor();
  expect(await owner.getByText('Paula Para').count()).toBe(0);
  await paralegal.goto('/docket');
  await paralegal.waitForURL(/\/signin/);
}, 180_000);
