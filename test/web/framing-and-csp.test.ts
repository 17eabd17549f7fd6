/**
 * Issue 20 items 8 and 12: the web application refuses to be framed (clickjacking: CSP
 * `frame-ancestors 'none'`, CSP Level 3 §6.4.2, and `X-Frame-Options: DENY`, RFC 7034) and sends a
 * Content-Security-Policy of its own; pages whose URL carries a token send no Referer anywhere
 * (Referrer Policy §3.1 `no-referrer`). Over HTTP for the headers, then in Chromium: another
 * site's frame stays empty, and the app works under its policy (no violation reported).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newContext, startWebServer, type WebServer } from '../support/browser.ts';
import { randomIp } from '../support/app.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
let server: WebServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), workerBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

const get = (url: string) => server.t.app.inject({ method: 'GET', url, headers: html, remoteAddress: randomIp() });

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: unknown): Record<string, string[]> {
  expect(typeof csp).toBe('string');
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('headers of the web application', () => {
  test.each(['/', '/settings/api-keys', '/settings/billing', '/settings/billing?checkout=success&session_id=cs_test_1', '/signin', '/docket'])(
    '%s cannot be framed and carries the policy',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    },
  );

  test('the password-reset and e-mail confirmation pages (a token in the URL) send no Referer', async () => {
    for (const path of ['/reset-password?token=abc', '/verify-email?token=abc']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  test('static files carry the policy too (an SVG opened directly runs no script)', async () => {
    const res = await server.t.app.inject({ method: 'GET', url: '/favicon.svg', remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  beforeAll(async () => {
    context = await newContext(browser, server.url);
    page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  test('another site framing the billing page gets an empty frame', async () => {
    // An attacker's page on another origin: a server of its own on another loopback port (a page
    // made up by the browser's router would count as public, and Chromium's local network access
    // checks would refuse its frame of a loopback address whatever Prosa sends).
    const attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>Win a prize</title><iframe name="victim" src="${server.url}/settings/billing" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      // `load` waits for the frame too: by then it holds the app, or the browser's refusal.
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`, { waitUntil: 'load' });
      const frame = page.frames().find((f) => f.name() === 'victim')!;
      expect(frame).toBeTruthy();
      // Nothing of the app is inside it.
      expect(await frame.locator('#root').count()).toBe(0);
      violations.length = 0; // a refusal report here is expected
    } finally {
      attacker.closeAllConnections();
      await new Promise((resolve) => attacker.close(resolve));
    }
  });

  test('the app runs under its policy: sign up, dashboard, a dialog, billing; no violation reported', async () => {
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Name').fill('Cora Policy');
    await page.getByLabel('E-mail').fill(`csp-${Date.now()}@firm.example`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome, Cora Policy' }).waitFor();
    // A radix dialog injects its scroll lock as a <style> element.
    await page.goto(`${server.url}/docket`);
    await page.getByRole('button', { name: 'Add application' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/settings/billing`);
    await page
      .getByRole('heading', { name: /billing/i })
      .first()
      .waitFor();
    expect(violations).toEqual([]);
  });
});
