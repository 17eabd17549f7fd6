import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';
import { StripeStub } from '../support/stripe-stub.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { todayUtc } from '../../src/clock.ts';
import { minimalPdf } from '../support/minimal-pdf.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

// Browser flows on a shared 2-core machine: generous limits; locators still wait, never sleep.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

// One browser and one server for the file; each flow signs up its own account.
let browser: Browser;
let server: WebServer;
let stub: StripeStub;
let smtp: SmtpSink;
let context: BrowserContext;
let page: Page;
const password = 'correct horse battery staple';
const email = `web-${Date.now()}@firm.example`;

beforeAll(async () => {
  [stub, smtp] = await Promise.all([new StripeStub().start(), new SmtpSink().start()]);
  [browser, server] = await Promise.all([
    workerBrowser(),
    startWebServer({ STRIPE_SECRET_KEY: stub.secretKey, STRIPE_WEBHOOK_SECRET: stub.webhookSecret, STRIPE_API_BASE: stub.url, SMTP_URL: smtp.url }),
  ]);
  stub.webhookUrl = `${server.url}/api/billing/stripe/webhook`;
  await seedDemoData(server.t.database.db, todayUtc());
  context = await newContext(browser, server.url);
  page = await context.newPage();
  // Chromium reports every refusal of the app's Content-Security-Policy on the console.
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
  });
});
const cspViolations: string[] = [];
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
  await stub?.close();
  await smtp?.close();
});

describe('the web application in Chromium', () => {
  test('sign up with the keyboard only, land on the dashboard', async () => {
    await page.goto('/');
    await page.waitForURL(/\/signin\?next=/);
    await snap(page, 'signin');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await snap(page, 'signup');
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Ada Practitioner');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Welcome, Ada Practitioner' }).waitFor();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents())
      .toEqual(['Dashboard', 'Docket', 'Forms', 'Examiners', 'Billing', 'Settings']);
    await page.getByText('Nothing due in the next 30 days').waitFor();
    await snap(page, 'dashboard-empty');
  });

  test('profile: name, firm and entity size are saved', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByLabel('Firm').fill('Lovelace & Babbage LLP');
    await page.getByLabel('Entity size').selectOption('small');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved.').waitFor();
    await snap(page, 'settings-profile');
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    expect(me.account).toMatchObject({ firm_name: 'Lovelace & Babbage LLP', entity_size: 'small' });
  });

  test('API keys: create (shown once, with a warning), use it over HTTP, revoke it', async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByText('No API keys yet').waitFor();
    await page.getByLabel('Key name').fill('docketing script');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Copy this key now. It is shown only once').waitFor();
    const key = await page.getByLabel('New key "docketing script"').inputValue();
    expect(key).toMatch(/^\S{20,}$/);
    await snap(page, 'settings-api-keys-created');
    // curl-equivalent: the key works from outside the browser.
    const ok = await fetch(`${server.url}/api/docket`, { headers: { 'x-api-key': key } });
    expect(ok.status).toBe(200);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => page.getByLabel(/^New key/).count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke key docketing script' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Requests with this key will be refused').waitFor();
    await snap(page, 'settings-api-keys-revoke-dialog');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('The key was revoked.').waitFor();
    const refused = await fetch(`${server.url}/api/docket`, { headers: { 'x-api-key': key } });
    expect(refused.status).toBe(401);
  });

  test('docket: add by number with a preview, search, edit, open the application, record an office action, remove', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docket' }).click();
    await page.getByText('Your docket is empty').waitFor();
    await snap(page, 'docket-empty');
    for (const [number, matter] of [
      ['17/345,678', 'ACME-0042'],
      ['16/987,654', 'GLOBEX-7'],
    ]) {
      await page.getByRole('button', { name: 'Add application' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add an application' });
      await dialog.getByLabel('Application number').fill(number);
      await dialog.getByRole('button', { name: 'Look up' }).click();
      await dialog.getByText(/^Filed /).waitFor();
      if (matter === 'ACME-0042') await snap(page, 'docket-add-preview');
      await dialog.getByLabel('Client-matter reference').fill(matter);
      await dialog.getByRole('button', { name: 'Add to docket' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.getByText('2 of 2 applications').waitFor();
    await snap(page, 'docket');
    await page.getByLabel('Search').fill('GLOBEX');
    await page.getByText('1 of 2 applications').waitFor();
    // Numbers are written as practitioners write them, and found in any written form.
    for (const q of ['17/345,678', '17345678', 'US 17/345']) {
      await page.getByLabel('Search').fill(q);
      await page.getByText('1 of 2 applications').waitFor();
      await page.getByRole('link', { name: '17/345,678' }).waitFor();
    }
    await page.getByLabel('Search').fill('');
    await page.getByText('2 of 2 applications').waitFor();
    await page.getByRole('button', { name: 'Edit 17/345,678' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit 17/345,678' });
    await edit.getByLabel('Notes').fill('Client wants a narrow amendment.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: '17/345,678' }).click();
    await page.getByRole('heading', { name: '17/345,678', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Bibliographic data' }).waitFor();
    await page.getByRole('heading', { name: 'Prosecution history' }).waitFor();
    await snap(page, 'application');
    const form = page.getByRole('region', { name: 'Record an office action' });
    await form.getByLabel('Kind').selectOption('CTNF');
    // Mailed 45 days ago: its three-month date falls inside the dashboard's 90-day window.
    await form.getByLabel('Mailing date').fill(new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10));
    // Uploaded as a PDF: the server extracts the text into the form.
    await form.getByLabel('Upload the action (.txt, .docx or .pdf)').setInputFiles({
      name: 'action.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(['DETAILED ACTION', 'Claims 1-3 are rejected under 35 U.S.C. 103 as being unpatentable over Smith.']),
    });
    await form.getByText(/Read \d+ characters from action.pdf \(1 page\)/).waitFor();
    expect(await form.getByLabel('Text of the action (optional)').inputValue()).toContain('Claims 1-3 are rejected under 35 U.S.C. 103');
    await form.getByRole('button', { name: 'Record office action' }).click();
    await page.getByText('The office action was recorded').waitFor();
    await page.getByText('Recorded by you').waitFor();

    await page.goto('/');
    await page.getByRole('button', { name: '90 days' }).click();
    await page.getByRole('link', { name: '17/345,678' }).waitFor();
    // The recent activity says what happened, in words, with the number written.
    await page.getByText('Office action recorded for 17/345,678').waitFor();
    await snap(page, 'dashboard');

    await page.goto('/docket');
    await page.getByRole('button', { name: 'Remove 16/987,654' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('1 of 1 applications').waitFor();
  });

  test('connected apps, calendar feed and audit log', async () => {
    await page.goto('/settings/connected-apps');
    await page.getByText('No connected apps').waitFor();
    await snap(page, 'settings-connected-apps');

    await page.goto('/settings/calendar');
    await page.getByText('You have no calendar feed.').waitFor();
    await page.getByRole('button', { name: 'Create feed' }).click();
    const url = await page.getByLabel('Feed address').inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/calendar/.+\\.ics$`));
    const ics = await fetch(url);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await snap(page, 'settings-calendar');

    await page.goto('/settings/audit');
    // Entries in words with the application written, never a code and an internal id.
    await page.getByRole('cell', { name: '17/345,678 added to the docket' }).waitFor();
    await page.getByRole('cell', { name: 'Docket entry for 17/345,678 updated' }).waitFor();
    expect(await page.getByRole('cell', { name: /docket_entry|docket\.entry_added/ }).count()).toBe(0);
    await page.getByLabel('Source').selectOption('api_key');
    await page.getByText('No entries match these filters').waitFor();
    await page.getByLabel('Source').selectOption('web');
    await page.getByRole('cell', { name: 'API key revoked' }).waitFor();
    await page.getByLabel('Source').selectOption('');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('prosa-audit.csv');
    await snap(page, 'settings-audit');
  });

  test('billing: buy a package through Stripe Checkout; the balance shows it', async () => {
    await page.goto('/settings/billing');
    await page.getByRole('heading', { name: 'Buy credits' }).waitFor();
    await page.getByText('25.00 credits').first().waitFor();
    await snap(page, 'settings-billing');
    await page.getByRole('button', { name: 'Buy 110.00 credits for $100.00' }).click();
    await page.waitForURL(new RegExp(`^${stub.url}/pay/`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/settings\/billing\?checkout=success/);
    await page.getByText('Payment received: your credits were added.').waitFor();
    await page.getByTestId('balance').getByText('135.00 credits').waitFor();
    await page.getByText('Package bonus: 10.00 credits (pkg_100)').waitFor();
    // The purchase row links Stripe's receipt (payment intent -> latest charge -> receipt_url).
    const receipt = page.getByRole('link', { name: /^Receipt for the purchase of / });
    await receipt.waitFor();
    const receiptUrl = await receipt.getAttribute('href');
    expect(receiptUrl).toMatch(new RegExp(`^${stub.url}/receipts/ch_`));
    expect((await fetch(receiptUrl!)).status).toBe(200);
    await snap(page, 'settings-billing-paid');
    const credits = await page.evaluate(() => fetch('/api/credits').then((r) => r.json()));
    expect(credits.balance).toBe('135.00');
  });

  test('unknown client routes show a not-found page; sign out and sign back in', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await snap(page, 'not-found');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(/\/signin/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('wrong password!!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await snap(page, 'signin-error');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ada Practitioner' }).waitFor();
  });

  test('password reset through the local SMTP server', async () => {
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(/\/signin/);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // Fill the reset page's field, not the sign-in page's that is still on screen while the
    // router commits the navigation (that once sent an empty address).
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account uses ${email}, a link to choose a new password is on its way`).waitFor();
    await snap(page, 'forgot-password');
    const link = await smtp.linkFor(email, '/reset-password?token=');
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await snap(page, 'reset-password');
    await page.getByLabel('New password').fill('an entirely new passphrase');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ada Practitioner' }).waitFor();
    // The address is now confirmed (the reset proved the inbox).
    await page.goto('/settings/profile');
    await page.getByText('Confirmed', { exact: true }).waitFor();
  });
});

describe('the Content-Security-Policy', () => {
  test('no flow above broke it: no refusal was reported', () => {
    expect(cspViolations).toEqual([]);
  });
});

describe('billing without Stripe keys', () => {
  test('the page says top-ups are not configured and how an operator grants credits', async () => {
    const plain = await startWebServer();
    const ctx = await newContext(browser, plain.url);
    try {
      const p = await ctx.newPage();
      await p.goto('/signup');
      await p.getByLabel('E-mail').fill(`plain-${Date.now()}@firm.example`);
      await p.getByLabel('Password').fill(password);
      await p.getByRole('button', { name: 'Create account' }).click();
      await p.getByRole('heading', { name: 'Welcome' }).waitFor();
      await p.goto('/settings/billing');
      await p.getByText('Top-ups are not configured on this server.').waitFor();
      await p.getByText(/prosa credits grant/).waitFor();
      await snap(p, 'settings-billing-not-configured');
    } finally {
      await ctx.close();
      await plain.close();
    }
  });
});
