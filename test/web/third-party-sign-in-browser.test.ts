import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, releaseBrowser, workerBrowser, newContext, snap } from '../support/browser.ts';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { startLocalIdp, type LocalIdp } from '../support/oidc-idp.ts';

// A shared 2-core machine: generous limits; locators wait, never sleep.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/**
 * "Sign in with Google" in Chromium: the Google provider is configured against a LOCAL OpenID
 * provider (oidc-provider on a loopback port) that logs in a chosen user and consents at once.
 */
let browser: Browser;
let idp: LocalIdp;
let t: TestApp;
let url: string;
let context: BrowserContext;
let page: Page;
const email = `grace-${Date.now()}@gmail.example`;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  idp = await startLocalIdp({ redirectUris: [`${url}/api/auth/oidc/google/callback`] });
  [browser, t] = await Promise.all([
    workerBrowser(),
    createTestApp(
      { BASE_URL: url, PROSA_GOOGLE_ISSUER: idp.issuer, PROSA_GOOGLE_CLIENT_ID: idp.clientId, PROSA_GOOGLE_CLIENT_SECRET: idp.clientSecret },
      undefined,
      {
        tiers: { signin: LIFTED },
      },
    ),
  ]);
  await t.app.listen({ port, host: '127.0.0.1' });
  context = await newContext(browser, url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await t?.close();
  await idp?.close();
});

describe('Sign in with Google (local OpenID provider)', () => {
  test('the button signs in and lands on the dashboard; settings list the linked identity', async () => {
    idp.signInAs({ sub: 'google-user-1', email, email_verified: true, name: 'Grace Hopper' });
    await page.goto('/signin');
    const button = page.getByRole('link', { name: 'Sign in with Google' });
    await button.waitFor();
    expect(await page.getByRole('link', { name: 'Sign in with Microsoft' }).count()).toBe(0);
    await snap(page, 'signin-with-google');
    await button.click();
    await page.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    expect(me.account).toMatchObject({ email, display_name: 'Grace Hopper' });
    await snap(page, 'dashboard-after-google');

    await page.goto('/settings/profile');
    const linked = page.getByRole('region', { name: 'Linked sign-ins' });
    await linked.getByText(`Google · ${email}`).waitFor();
    await linked.getByText('The only way to sign in').waitFor();
    await page.getByRole('heading', { name: 'Password' }).waitFor();
    await page.getByRole('button', { name: 'Send a link to set a password' }).waitFor();
    await snap(page, 'settings-linked-google');
  });

  test('declined consent comes back to the sign-in page with a clear message', async () => {
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(/\/signin/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('link', { name: 'Sign up with Google' }).waitFor();
    await snap(page, 'signup-with-google');
    // A fresh browser at the provider (no provider session left from the first sign-in), where
    // the user now declines.
    await context.clearCookies();
    idp.declineNext();
    await page.getByRole('link', { name: 'Sign up with Google' }).click();
    await page.getByRole('alert').getByText('Sign-in with Google was cancelled').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await snap(page, 'signin-google-declined');
  });

  test('a callback the server cannot read ends on the sign-in page with words, not JSON', async () => {
    await context.clearCookies();
    await page.goto('/api/auth/oidc/google/callback?code=x&state=a&state=b');
    await page.getByRole('alert').getByText('The answer from Google could not be read').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.goto('/api/auth/oidc/nowhere/start');
    await page.getByRole('alert').getByText('This sign-in option is not available on this Prosa server').waitFor();
  });

  test('after signing in the browser stays on this site, whatever next says', async () => {
    // The red team's link: next=%2F%09%2Fevil.example%2Fphish (a tab the URL parser strips, which
    // leaves //evil.example/phish). Were the browser sent there, this stand-in would answer.
    const phish = `/signin?next=${encodeURIComponent('/\t/evil.example/phish')}`;
    const visited: string[] = [];
    await context.route(
      (u) => u.hostname === 'evil.example',
      (route) => {
        visited.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Phished</title><h1>Phished</h1>' });
      },
    );
    const landed = async (name: string) => {
      // Whichever comes first: the dashboard here, or a page on another origin.
      const left = page.waitForURL((u) => u.origin !== url);
      left.catch(() => {});
      await Promise.race([page.getByRole('heading', { name }).waitFor(), left]);
      const at = new URL(page.url());
      expect(at.origin).toBe(url);
      expect(at.pathname).toBe('/');
    };

    // Through Google: the server's redirect after the callback.
    await context.clearCookies();
    idp.signInAs({ sub: 'google-user-next', email: `ada-${Date.now()}@gmail.example`, email_verified: true, name: 'Ada Byron' });
    await page.goto(phish);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await landed('Welcome, Ada Byron');

    // With a password: the sign-in page's own navigation.
    await context.clearCookies();
    const password = 'the right password';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `mary-${Date.now()}@firm.example`, password, display_name: 'Mary Somerville' },
      remoteAddress: randomIp(),
    });
    expect(signup.statusCode).toBe(201);
    await page.goto(phish);
    await page.getByLabel('E-mail').fill(signup.json().account.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await landed('Welcome, Mary Somerville');
    expect(visited).toEqual([]);
  });
});
