// Role-aware pages (issue 22): a paralegal prepares the response plan but is offered no submit on
// the wizard or any form (POST /api/exports and the plan's submit need `sign`), a viewer is
// offered no docket changes, and the owner's audit log filters by person. The owner, in the same
// firm, still has the buttons (the hiding follows the role, not the page). axe on each page.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiFromPage,
  expectAccessible,
  releaseBrowser,
  workerBrowser,
  newContext,
  signUpInBrowser,
  startWebServer,
  type WebServer,
} from '../support/browser.ts';
import { grant } from '../support/drafts.ts';
import { corpusText } from '../response-plan/support.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { FORM_KIND_INFO as FORM_KINDS } from '../../web/src/forms/kinds.ts';
import { joinFirmInBrowser } from './firm-browser.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const SIGN_REASON = 'Only a practitioner or owner can sign and submit.';

let server: WebServer;
let browser: Browser;
let mailDir: string;
let owner: Page;
let paralegal: Page;
let viewer: Page;
/** The response plan the paralegal prepares (its path), read by the viewer later. */
let planPath = '';

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prosa-roles-web-'));
  mailDir = join(dataDir, 'mail');
  [server, browser] = await Promise.all([startWebServer({ PROSA_DATA_DIR: dataDir }), workerBrowser()]);
  await seedDemoData(server.t.database.db, new Date().toISOString().slice(0, 10));
  owner = await (await newContext(browser, server.url)).newPage();
  await signUpInBrowser(owner, { email: 'omar.owner@roles.example', name: 'Omar Owner' });
  const me = await apiFromPage<{ account: { id: string } }>(owner, '/api/auth/me');
  await grant(server.t.database.db, me.account.id, 300);
  await apiFromPage(owner, '/api/firm/invitations', { email: 'pia.para@roles.example', role: 'paralegal' });
  await apiFromPage(owner, '/api/firm/invitations', { email: 'vic.viewer@roles.example', role: 'viewer' });
  paralegal = await joinFirmInBrowser(browser, server.url, mailDir, { email: 'pia.para@roles.example', name: 'Pia Para' });
  viewer = await joinFirmInBrowser(browser, server.url, mailDir, { email: 'vic.viewer@roles.example', name: 'Vic Viewer' });
  await apiFromPage(paralegal, '/api/docket', { application_number: '17200011', client_matter: 'RL-7' });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

test('a paralegal prepares the response plan but is offered no submit; the owner is', async () => {
  const a = await apiFromPage<{ analysis_id: string }>(paralegal, '/api/analyses', {
    office_action_text: corpusText('04'),
    application_number: '17/200,011',
    include_examiner_intel: false,
  });
  await paralegal.goto(`/analyses/${a.analysis_id}`);
  await paralegal.getByRole('button', { name: 'Prepare the response' }).click();
  await paralegal.waitForURL(/\/responses\//);
  await paralegal.getByRole('heading', { name: '1. Grounds and arguments' }).waitFor();
  await paralegal.getByText(SIGN_REASON).waitFor();
  expect(await paralegal.getByRole('button', { name: /^Submit and draft/ }).count()).toBe(0);
  // Preparing stays open to the paralegal: the arguments can be written and saved.
  expect(await paralegal.getByRole('button', { name: /^Save (argument|reply)$/ }).count()).toBeGreaterThan(0);
  await expectAccessible(paralegal, 'wizard-paralegal');

  planPath = new URL(paralegal.url()).pathname;
  await owner.goto(planPath);
  await owner.getByRole('button', { name: /^Submit and draft/ }).waitFor();
  expect(await owner.getByText(SIGN_REASON).count()).toBe(0);
});

test('a paralegal sees the price of every form but no button to prepare it; the owner has it', async () => {
  for (const kind of FORM_KINDS) {
    await paralegal.goto(`/forms?application=17200011&form=${kind.id}`);
    await paralegal.getByRole('heading', { name: kind.title }).waitFor();
    await paralegal.getByText(SIGN_REASON).waitFor();
    await paralegal
      .getByText(/^Price: /)
      .first()
      .waitFor();
    expect(await paralegal.locator('form button[type="submit"]').count(), kind.id).toBe(0);
  }
  await expectAccessible(paralegal, 'forms-paralegal');
  await owner.goto('/forms?application=17200011&form=extension');
  await owner
    .getByText(/^Price: /)
    .first()
    .waitFor();
  await owner
    .locator('form button[type="submit"]')
    .filter({ hasText: /credits\)$/ })
    .waitFor();
  expect(await owner.getByText(SIGN_REASON).count()).toBe(0);
});

test('a viewer reads the docket but is offered no Add, Import, Edit or Remove', async () => {
  await viewer.goto('/docket');
  await viewer.getByText('RL-7').filter({ visible: true }).first().waitFor();
  await viewer.getByText(/Your role \(viewer\) reads only/).waitFor();
  for (const name of [/^Add application$/, /^Import/, /^Edit /, /^Remove /]) expect(await viewer.getByRole('button', { name }).count(), String(name)).toBe(0);
  await expectAccessible(viewer, 'docket-viewer');
  // The application page: nothing to record, upload or analyze; the matter fields read only.
  await viewer.goto('/applications/17200011');
  await viewer.getByRole('heading', { name: 'Correspondence' }).waitFor();
  await viewer
    .getByText(/Your role \(viewer\) reads only/)
    .first()
    .waitFor();
  for (const name of [/^Record office action$/, /^Add to the file$/, /^Analyze /, /^Save matter/])
    expect(await viewer.getByRole('button', { name }).count(), String(name)).toBe(0);
  expect(await viewer.getByLabel('Matter number (Attorney Docket No.)').isDisabled()).toBe(true);
  await expectAccessible(viewer, 'application-viewer');
  // The response plan: read, every save disabled, no submit.
  await viewer.goto(planPath);
  await viewer.getByRole('heading', { name: '1. Grounds and arguments' }).waitFor();
  await viewer
    .getByText(/Your role \(viewer\) reads only/)
    .first()
    .waitFor();
  const saves = viewer.getByRole('button', { name: /^Save / });
  expect(await saves.count()).toBeGreaterThan(0);
  for (const b of await saves.all()) expect(await b.isDisabled()).toBe(true);
  expect(await viewer.getByRole('button', { name: /^Submit and draft/ }).count()).toBe(0);
  await expectAccessible(viewer, 'wizard-viewer');
  // The paralegal (who may write) has them.
  await paralegal.goto('/docket');
  await paralegal.getByRole('button', { name: 'Add application' }).waitFor();
  await paralegal.getByRole('button', { name: 'Edit 17/200,011' }).first().waitFor();
});

test("the owner's audit log filters by person", async () => {
  await owner.goto('/settings/audit');
  const who = owner.getByLabel('Person');
  await who.locator('option', { hasText: 'Pia Para' }).waitFor({ state: 'attached' });
  expect(await who.locator('option').allTextContents()).toEqual([
    'Everyone',
    'Omar Owner (omar.owner@roles.example)',
    'Pia Para (pia.para@roles.example)',
    'Vic Viewer (vic.viewer@roles.example)',
  ]);
  const rows = owner.getByRole('row').filter({ has: owner.getByRole('cell') });
  await rows.filter({ hasText: 'Omar Owner' }).first().waitFor();
  await rows.filter({ hasText: 'Pia Para' }).first().waitFor();

  await who.selectOption({ label: 'Pia Para (pia.para@roles.example)' });
  // Rows present (not the loading state between two answers), every one the chosen person's.
  await owner.waitForFunction(() => {
    const trs = Array.from(document.querySelectorAll('tbody tr'));
    return trs.length > 0 && trs.every((tr) => tr.children[1]?.textContent === 'Pia Para');
  });
  const whoColumn = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[1]?.textContent));
  expect(whoColumn.length).toBeGreaterThan(0);
  expect(new Set(whoColumn)).toEqual(new Set(['Pia Para']));
  await expectAccessible(owner, 'audit-person-filter');

  await who.selectOption({ label: 'Omar Owner (omar.owner@roles.example)' });
  // Rows present (not the loading state between two answers), every one the chosen person's.
  await owner.waitForFunction(() => {
    const trs = Array.from(document.querySelectorAll('tbody tr'));
    return trs.length > 0 && trs.every((tr) => tr.children[1]?.textContent === 'Omar Owner');
  });
  expect(await rows.filter({ hasText: 'Pia Para' }).count()).toBe(0);
  await owner.getByRole('button', { name: 'Clear' }).click();
  await rows.filter({ hasText: 'Pia Para' }).first().waitFor();
});
