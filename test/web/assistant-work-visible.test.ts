import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { fmtBalance } from '../../web/src/ui/format.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { releaseBrowser, workerBrowser, newContext, snap } from '../support/browser.ts';
import { signUpAccount, type OAuthTestServer } from '../support/oauth.ts';
import { startMcpTestServer, type ToolResult } from '../mcp/support.ts';
import { HeadlessProvider } from '../mcp/sdk-oauth-provider.ts';
import { OA_TEXT } from '../support/drafts.ts';

// A shared 2-core machine: generous limits; locators wait, never sleep.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

/**
 * Work done through an assistant appears in the web app at once (issue 10): an MCP client (the
 * official SDK, through the whole OAuth flow: discovery, registration, sign-in and consent
 * pages, PKCE, token) puts an application on the docket, records an office action and analyzes
 * it; the same account, signed in in Chromium, sees the application in the docket and the
 * assistant's calls in Settings > Audit log (source: assistant) and on the dashboard.
 */
let s: OAuthTestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let account: { email: string; password: string; accountId: string; cookie: string };

beforeAll(async () => {
  [s, browser] = await Promise.all([startMcpTestServer(), workerBrowser()]);
  account = await signUpAccount(s.url);
  context = await newContext(browser, s.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await s?.close();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = (await client.callTool({ name, arguments: args })) as ToolResult;
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as Record<string, unknown>;
}

describe("an assistant's work in the web app", () => {
  test('the practitioner signs in; the docket and the assistant audit log start empty', async () => {
    await page.goto('/signin');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await nav('Docket').click();
    await page.getByText('Your docket is empty').waitFor();
    await nav('Settings').click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Source').selectOption('assistant');
    await page.getByText('No entries match these filters').waitFor();
  });

  test('an MCP client connects through OAuth and does the work; the open app shows it', async () => {
    const provider = new HeadlessProvider(s.url, account, 'none');
    const mcpUrl = new URL(`${s.url}/mcp`);
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'assistant', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    await first.finishAuth(provider.callback!.searchParams);
    const client = new Client({ name: 'assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));

    const entry = await call(client, 'add_to_docket', {
      application_number: '18999123',
      client_matter: 'ACME-42',
      application: { invention_title: 'Assistant-added heat exchanger', filing_date: '2024-02-01' },
    });
    const mailed = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const recorded = await call(client, 'record_office_action', { docket_entry_id: entry.id, kind: 'CTNF', mailing_date: mailed, text: OA_TEXT });
    expect(recorded).toMatchObject({ application_number: '18999123' });
    const analysis = await call(client, 'analyze_office_action', {
      application_number: '18999123',
      office_action_text: OA_TEXT,
      include_examiner_intel: false,
    });
    expect(analysis.analysis_id).toBeTruthy();
    await client.close();
    const clientName = 'SDK test client (none)';

    // The audit page is still open from the first test: it shows the calls without a reload, at
    // once through the activity stream (GET /api/events), well before its 60 s fallback poll.
    const assistantCalls = page.getByRole('table', { name: 'Audit log entries, newest first' });
    for (const tool of ['add_to_docket', 'record_office_action', 'analyze_office_action']) {
      await assistantCalls.getByText(`${clientName} called ${tool}`, { exact: true }).waitFor({ timeout: 10_000 });
    }
    // So does the header's balance, on the same page, with no navigation.
    const chargedNow = (await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).credits.balance as string;
    await page.getByRole('link', { name: `Balance ${fmtBalance(chargedNow)} credits` }).waitFor({ timeout: 10_000 });
    await expect.poll(() => assistantCalls.getByRole('cell', { name: 'Assistant', exact: true }).count()).toBeGreaterThanOrEqual(3);
    expect(await assistantCalls.getByRole('cell', { name: 'Web', exact: true }).count()).toBe(0);
    await snap(page, 'audit-assistant-calls');

    // The docket, reached by ordinary navigation, lists the application the assistant added.
    await nav('Docket').click();
    const row = page.getByRole('row').filter({ hasText: 'Assistant-added heat exchanger' });
    await row.waitFor();
    await row.getByText('ACME-42').waitFor();
    await snap(page, 'docket-assistant-added');
    // The header's balance follows the assistant's charge after ordinary navigation (it read
    // 25.00 on every page but the dashboard before).
    const charged = (await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).credits.balance as string;
    expect(Number(charged)).toBeLessThan(25);
    await page.getByRole('link', { name: `Balance ${fmtBalance(charged)} credits` }).waitFor();

    // The application page carries the recorded action and the analysis.
    await row.getByRole('link').first().click();
    await page.getByText('Assistant-added heat exchanger').first().waitFor();
    await page.getByRole('region', { name: 'Correspondence' }).getByText('Recorded by you').waitFor();
    await page
      .getByRole('region', { name: 'Analyses and responses' })
      .getByRole('link', { name: /^Analysis of the [a-z][a-z -]*$/ })
      .waitFor(); // in words, not a type code ("CTNF")
    await snap(page, 'application-assistant-work');

    // The dashboard's recent activity names the assistant's calls.
    await nav('Dashboard').click();
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await activity.getByText(`${clientName} called analyze_office_action`, { exact: true }).waitFor();
    await activity.getByText(`${clientName} called add_to_docket`, { exact: true }).waitFor();
    // The balance the analysis was charged to, as the dashboard shows it.
    const balance = Number((await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).credits.balance);
    expect(balance).toBeLessThan(25);
    await page.getByRole('region', { name: 'Credits' }).getByText(fmtBalance(balance), { exact: true }).waitFor();
    await snap(page, 'dashboard-assistant-activity');
  });
});
