import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';

export const CHROMIUM = process.env.PROSA_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

/** A free TCP port on the loopback interface (BASE_URL must name the port before the app starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface WebServer {
  t: TestApp;
  url: string;
  close(): Promise<void>;
}

/** The real backend (with the built web app) listening on a loopback port, BASE_URL matching it. */
export async function startWebServer(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<WebServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ BASE_URL: url, ...env }, undefined, opts);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, url, close: () => t.close() };
}

let workerChromium: Promise<Browser> | undefined;

/**
 * The test worker's Chromium, launched by the first browser file the worker runs and kept for the
 * next ones (a worker runs its files one after another in one module registry: vitest.config.ts),
 * instead of a browser per file. Each file works in contexts of its own and closes them with
 * `releaseBrowser`; Playwright closes the browser when the worker exits.
 */
export function workerBrowser(): Promise<Browser> {
  if (!workerChromium) {
    const launching = chromium.launch({ executablePath: CHROMIUM, args: ['--disable-dev-shm-usage', '--font-render-hinting=none'] });
    workerChromium = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => workerChromium === launching && (workerChromium = undefined)),
      () => workerChromium === launching && (workerChromium = undefined),
    );
  }
  return workerChromium;
}

/** Ends a file's use of the worker's browser: every context the file opened is closed, the browser stays for the next file. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (browser?.isConnected()) await Promise.all(browser.contexts().map((c) => c.close()));
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(30_000);
  return ctx;
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Colours mid-transition (a button turning from disabled grey to blue) are not what a person
  // reads: wait for running CSS transitions and animations to finish before measuring contrast.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 5_000,
    })
    .catch(() => {});
  // Legacy mode runs axe in the page itself. The default opens a blank page in the browser for
  // every analysis to merge the frames' results: a new renderer each time, two thirds of the
  // call's cost (about 2.3 s against 0.8 s a page, measured on the docket and forms pages). The web
  // app has no frames, so the page alone is the whole answer.
  const result = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    ),
  ).toEqual([]);
}

export interface SnapOptions {
  /** false: the window only, as a person sees it (a dialog, or a part of a long page with `scrollTo`). */
  fullPage?: boolean;
  /** Scrolled to the top of the window (or of its scrolling box) at each width before the screenshot. */
  scrollTo?: Locator;
}

/** Full-page screenshots at 1280 and 390 px wide into test-results/screenshots, then axe at both widths. */
export async function snap(page: Page, name: string, opts: SnapOptions = {}): Promise<void> {
  const fullPage = opts.fullPage ?? true;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await expectAccessible(page, `${name}@1280`);
  await opts.scrollTo?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-1280.png`), fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${name}@390`);
  await opts.scrollTo?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-390.png`), fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A JSON call made from inside the page, with its session cookie; a non-2xx throws with the body. */
export function apiFromPage<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, b === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    [path, body] as const,
  ) as Promise<T>;
}

/**
 * Follows the page's "Download ..." link and checks a Word document comes back (its
 * Content-Disposition matching `name` when given).
 */
export async function expectDocxDownload(page: Page, baseUrl: string, opts: { name?: RegExp; timeout?: number } = {}): Promise<void> {
  const link = page.getByRole('link', { name: /^Download / });
  await link.waitFor({ timeout: opts.timeout ?? 60_000 });
  const res = await fetch(new URL((await link.getAttribute('href'))!, baseUrl));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('wordprocessingml');
  if (opts.name) expect(res.headers.get('content-disposition')).toMatch(opts.name);
  expect(
    Buffer.from(await res.arrayBuffer())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
}

/** The page does not scroll sideways at its current width (wide content scrolls inside its own box, if at all). */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${name}: the page is ${scroll} px wide in a ${client} px window`).toBeLessThanOrEqual(client);
}

/** Signs a new account up through the web app's sign-up page and waits for the dashboard's welcome. */
export async function signUpInBrowser(page: Page, opts: { email: string; name?: string; password?: string }): Promise<void> {
  await page.goto('/signup');
  if (opts.name) await page.getByLabel('Name').fill(opts.name);
  await page.getByLabel('E-mail').fill(opts.email);
  await page.getByLabel('Password').fill(opts.password ?? 'correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
}
