/**
 * Issue 22's proof, in Chromium, as one firm works a matter: the owner invites a paralegal and a
 * practitioner; the paralegal dockets an application, makes the practitioner responsible for it,
 * records and analyzes the action and prepares the response, but is offered no submit; the owner
 * buys the credits; the practitioner, with their own practitioner profile, submits and downloads
 * the paper, which they sign (their name and registration number, not the owner's); the owner
 * sees who did what in the audit log (filtered by person) and the matter in the usage report; the
 * removed paralegal's session and API key stop at once; another firm's member gets 404 for the
 * firm's entry. Screenshots and axe at 1280 and 390 px (snap).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiFromPage, releaseBrowser, workerBrowser, newContext, signUpInBrowser, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { StripeStub } from '../support/stripe-stub.ts';
import { inviteInBrowser, joinFirmInBrowser } from './firm-browser.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const OA_TEXT = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');
const stamp = Date.now().toString(36);
const OWNER = `owen.owner-${stamp}@firm.example`;
const PARALEGAL = `pat.para-${stamp}@firm.example`;
const PRACTITIONER = `rita.prac-${stamp}@firm.example`;

let server: WebServer;
let browser: Browser;
let stub: StripeStub;
let mailDir: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prosa-firm-flow-'));
  mailDir = join(dataDir, 'mail');
  stub = await new StripeStub().start();
  [browser, server] = await Promise.all([
    workerBrowser(),
    startWebServer(
      { PROSA_DATA_DIR: dataDir, STRIPE_SECRET_KEY: stub.secretKey, STRIPE_WEBHOOK_SECRET: stub.webhookSecret, STRIPE_API_BASE: stub.url },
      { worker: true },
    ),
  ]);
  stub.webhookUrl = `${server.url}/api/billing/stripe/webhook`;
  await seedDemoData(server.t.database.db, todayUtc());
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
  await stub?.close();
});

/** The status of a GET made from inside the page, with its session. */
const status = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).status, path);

test('a firm works one matter: paralegal prepares, practitioner signs and submits, owner sees who did what', async () => {
  // The owner founds the firm and invites two people.
  const owner = await (await newContext(browser, server.url)).newPage();
  await signUpInBrowser(owner, { email: OWNER, name: 'Owen Owner' });
  await owner.goto('/settings/practitioner');
  await owner.getByLabel('Name').fill('Owen Owner');
  await owner.getByLabel('Registration number').fill('61,111');
  await owner.getByRole('button', { name: 'Save practitioner' }).click();
  await owner.getByText('Saved. Your papers are signed by Owen Owner').waitFor();
  await owner.goto('/settings/members');
  await owner.getByRole('heading', { name: 'Invite a member' }).waitFor();
  await inviteInBrowser(owner, PARALEGAL, /^Paralegal/);
  await inviteInBrowser(owner, PRACTITIONER, /^Practitioner/);
  const paralegal = await joinFirmInBrowser(browser, server.url, mailDir, { email: PARALEGAL, name: 'Pat Para' });
  const practitioner = await joinFirmInBrowser(browser, server.url, mailDir, { email: PRACTITIONER, name: 'Rita Prac' });

  // The practitioner keeps her own signing profile.
  await practitioner.goto('/settings/practitioner');
  await practitioner.getByLabel('Name').fill('Rita Prac');
  await practitioner.getByLabel('Registration number').fill('72,345');
  await practitioner.getByRole('button', { name: 'Save practitioner' }).click();
  await practitioner.getByText('Saved. Your papers are signed by Rita Prac, Reg. No. 72,345.').waitFor();

  // The paralegal dockets the application with the firm's matter number...
  await paralegal.goto('/docket');
  await paralegal.getByRole('button', { name: 'Add application' }).first().click();
  const add = paralegal.getByRole('dialog', { name: 'Add an application' });
  await add.getByLabel('Application number').fill('17/345,678');
  await add.getByRole('button', { name: 'Look up' }).click();
  await add.getByText(/^Filed /).waitFor();
  await add.getByRole('button', { name: 'Add to docket' }).click();
  await add.waitFor({ state: 'detached' });
  await paralegal.getByRole('link', { name: '17/345,678' }).click();
  await paralegal.waitForURL(/\/applications\//);
  const applicationPath = new URL(paralegal.url()).pathname;
  const entries = await apiFromPage<{ entries: { id: string; application: { application_number: string } }[] }>(paralegal, '/api/docket');
  const entryId = entries.entries.find((e) => e.application.application_number === '17345678')!.id;
  await paralegal.evaluate(async (id) => {
    const res = await fetch(`/api/docket/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_matter: 'KA-0042' }),
    });
    if (!res.ok) throw new Error(await res.text());
  }, entryId);
  await paralegal.reload();
  // ...makes the practitioner responsible for it...
  // selectOption waits for the option: the firm's members load after the entry.
  await paralegal.getByLabel('Responsible practitioner').selectOption({ label: `Rita Prac (${PRACTITIONER}) — Practitioner` });
  await paralegal.getByRole('button', { name: 'Save responsible practitioner' }).click();
  await paralegal.getByText("Saved. This matter's mail goes to Rita Prac").waitFor();
  // ...records the office action and analyzes it.
  const form = paralegal.getByRole('region', { name: 'Record an office action' });
  await form.getByLabel('Mailing date').fill(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Text of the action (optional)').fill(OA_TEXT);
  await form.getByRole('button', { name: 'Record office action' }).click();
  await paralegal.getByText('The office action was recorded').waitFor();
  await paralegal.getByRole('button', { name: /^Analyze the Non-Final Rejection/ }).click();
  const analyzeBox = paralegal.getByRole('region', { name: 'Analyze this office action' });
  await analyzeBox.getByRole('button', { name: /^Analyze \(/ }).click();
  await paralegal.waitForURL(/\/analyses\/an_/);
  await paralegal.getByRole('button', { name: 'Prepare the response' }).click();
  await paralegal.waitForURL(/\/responses\//);
  await paralegal.getByRole('heading', { name: '1. Grounds and arguments' }).waitFor();
  const responsePath = new URL(paralegal.url()).pathname;
  const planId = responsePath.split('/responses/')[1];
  await paralegal
    .getByLabel(/^Argument on /)
    .first()
    .fill('The cited reference does not teach the claimed sensor fusion step.');
  await paralegal
    .getByRole('button', { name: /^Save argument/ })
    .first()
    .click();
  await expect
    .poll(() =>
      paralegal.evaluate(
        (id) =>
          fetch(`/api/response-plans/${id}`)
            .then((r) => r.json())
            .then((p) => p.grounds.filter((g: { argument: unknown }) => g.argument).length),
        planId,
      ),
    )
    .toBe(1);
  // The paralegal is offered no submit, and the server agrees.
  await paralegal.getByText('Only a practitioner or owner can sign and submit.').first().waitFor();
  expect(await paralegal.getByRole('button', { name: /^Submit and draft/ }).count()).toBe(0);
  await snap(paralegal, 'firm-flow-paralegal-wizard');
  const refused = await paralegal.evaluate(
    async (id) =>
      (await fetch(`/api/response-plans/${id}/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"accept_incomplete":true}' }))
        .status,
    planId,
  );
  expect(refused).toBe(403);

  // The owner pays for the credits the draft needs.
  await owner.goto('/settings/billing');
  await owner.getByRole('button', { name: 'Buy 110.00 credits for $100.00' }).click();
  await owner.waitForURL(new RegExp(`^${stub.url}/pay/`));
  await owner.getByRole('button', { name: 'Pay' }).click();
  await owner.waitForURL(/\/settings\/billing/);

  // The practitioner, responsible for the matter, opens the prepared response, submits and downloads it.
  await practitioner.goto(responsePath);
  await practitioner.getByRole('heading', { name: '1. Grounds and arguments' }).waitFor();
  expect(
    await practitioner
      .getByLabel(/^Argument on /)
      .first()
      .inputValue(),
  ).toContain('sensor fusion step');
  const accept = practitioner.getByLabel('Draft it anyway with the unanswered items marked');
  if (await accept.count()) await accept.check();
  await practitioner.getByRole('button', { name: /^Submit and draft \(49\.00 credits\)/ }).click();
  const download = practitioner.getByRole('link', { name: /^Download / });
  await download.waitFor({ timeout: 60_000 });
  await snap(practitioner, 'firm-flow-practitioner-submitted');
  const docx = Buffer.from(await (await fetch(new URL((await download.getAttribute('href'))!, server.url))).arrayBuffer());
  const text = (await mammoth.extractRawText({ buffer: docx })).value;
  expect(text).toContain('Rita Prac');
  expect(text).toContain('72,345');
  expect(text).not.toContain('Owen Owner');
  expect(text).not.toContain('61,111');
  expect(text).toContain('KA-0042');

  // The owner sees who did what: the audit log by person, and the matter in the usage report.
  await owner.goto('/settings/audit');
  const audit = owner.getByRole('region', { name: 'Audit log', exact: true });
  await audit
    .getByRole('row')
    .filter({ hasText: 'Pat Para' })
    .filter({ hasText: /analyzed/i })
    .first()
    .waitFor();
  await audit.getByRole('row').filter({ hasText: 'Rita Prac' }).filter({ hasText: /draft/i }).first().waitFor();
  await audit
    .getByLabel('Person')
    .selectOption({ label: (await audit.getByLabel('Person').locator('option').allTextContents()).find((t) => t.startsWith('Pat Para')) ?? 'Pat Para' });
  await expect.poll(() => audit.getByRole('row').filter({ hasText: 'Rita Prac' }).count()).toBe(0);
  await audit.getByRole('row').filter({ hasText: 'Pat Para' }).first().waitFor();
  await snap(owner, 'firm-flow-owner-audit');
  await owner.goto('/settings/billing');
  const report = owner.getByRole('region', { name: 'Usage by client matter' });
  await report.getByRole('row', { name: /KA-0042 17\/345,678 1 1/ }).waitFor();
  await snap(owner, 'firm-flow-owner-matters', { scrollTo: report });

  // Another firm's member: the entry, the plan and the page are not found.
  const stranger = await (await newContext(browser, server.url)).newPage();
  await signUpInBrowser(stranger, { email: `stranger-${stamp}@other.example` });
  expect(await status(stranger, `/api/docket/${entryId}`)).toBe(404);
  expect(await status(stranger, `/api/response-plans/${planId}`)).toBe(404);
  await stranger.goto(responsePath);
  await stranger
    .getByRole('alert')
    .filter({ hasText: /not found/i })
    .waitFor();
  // The application is public: its page shows the USPTO record, none of the firm's own.
  await stranger.goto(applicationPath);
  await stranger
    .getByRole('heading', { name: /17\/345,678/ })
    .first()
    .waitFor();
  expect(await stranger.getByText('KA-0042').count()).toBe(0);
  expect(await stranger.getByText('Rita Prac').count()).toBe(0);

  // The owner removes the paralegal: her session and her API key stop at once.
  const { key } = await apiFromPage<{ key: string }>(paralegal, '/api/keys', { name: 'paralegal script' });
  const withKey = async () => (await fetch(`${server.url}/api/credits`, { headers: { 'x-api-key': key } })).status;
  expect(await withKey()).toBe(200);
  await owner.goto('/settings/members');
  await owner.getByRole('button', { name: 'Remove Pat Para' }).click();
  await owner.getByRole('button', { name: 'Remove member' }).click();
  await owner.getByText('The member was removed and signed out.').waitFor();
  expect(await withKey()).toBe(401);
  await paralegal.goto('/docket');
  await paralegal.waitForURL(/\/signin/);
});
