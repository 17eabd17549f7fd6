import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { releaseBrowser, workerBrowser, signUpInBrowser, newContext, snap, startWebServer, type WebServer } from '../support/browser.ts';

// Issue 21 in Chromium: Settings > Webhooks. Add an endpoint (the secret shown once, with a copy
// button), send a test that a standardwebhooks receiver verifies, read the delivery log, and
// redeliver a failed delivery. Locators wait; nothing sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
let server: WebServer;
let context: BrowserContext;
let page: Page;
let receiver: Server;
let receiverUrl = '';
let secret = '';
let answer = 200;
const verified: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as { type: string };
        verified.push(body.type);
        res.statusCode = answer;
      } catch {
        res.statusCode = 401;
      }
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/prosa`;
  [browser, server] = await Promise.all([workerBrowser(), startWebServer()]);
  context = await newContext(browser, server.url);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  await signUpInBrowser(page, { name: 'Grace Hopper', email: `webhooks-${Date.now()}@firm.example` });
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
  await new Promise((r) => receiver?.close(r));
});

describe('Settings > Webhooks', () => {
  test('add an endpoint, copy its secret once, send a test, see the log, redeliver a failure', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet').waitFor();

    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByLabel('Description (optional)').fill('Docketing system');
    await page.getByRole('checkbox', { name: /A deadline is approaching/ }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('alert').filter({ hasText: 'shown only once' }).waitFor();
    const field = page.getByLabel(`Signing secret for ${receiverUrl}`);
    secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await snap(page, 'settings-webhooks-secret');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);

    const card = page.getByRole('listitem').filter({ hasText: receiverUrl });
    await card.getByText('correspondence.recorded, draft.completed, analysis.completed').waitFor();
    await card.getByRole('button', { name: 'Send test' }).click();
    await card.getByText('Test delivered: HTTP 200.').waitFor();
    expect(verified).toEqual(['webhook.ping']);
    const log = card.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
    await log.getByRole('row').filter({ hasText: 'webhook.ping' }).getByText('Delivered').waitFor();

    // The receiver fails: the test is kept for retry, and shows it; redelivered once it recovers.
    answer = 500;
    await card.getByRole('button', { name: 'Send test' }).click();
    await card.getByText('Test not delivered: HTTP 500. It will be retried.').waitFor();
    const failing = log.getByRole('row').filter({ hasText: 'Retrying' });
    await failing.getByText('HTTP 500').waitFor();
    await snap(page, 'settings-webhooks-log');
    answer = 200;
    await failing.getByRole('button', { name: /^Redeliver/ }).click();
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'Delivered' }).count()).toBe(2);
    expect(verified).toEqual(['webhook.ping', 'webhook.ping', 'webhook.ping']);
  });
});
