import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

export const artifactsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export const baseUrl = () => inject('baseUrl');

/**
 * Whether journeys record a Playwright trace (`E2E_TRACE=1`): its screencast costs about a third
 * of a journey's CPU, and CI keeps no artifacts, so a failure is traced by running it again so.
 */
const tracing = process.env.E2E_TRACE === '1';

/**
 * A fresh browser context (no cookies). When the test fails, a screenshot (and with E2E_TRACE=1
 * a Playwright trace) is saved under e2e/artifacts/ and the folder is printed.
 */
export async function openPage(
  name: string,
  options: {
    width?: number;
    height?: number;
    baseUrl?: string;
    /**
     * Whether the app's service worker may install. Off unless a journey is about it: requests a
     * worker answers are out of reach of `page.route`, which many journeys use to fail a call.
     */
    serviceWorkers?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const instance = await launchBrowser();
  const context = await instance.newContext({
    baseURL: options.baseUrl ?? baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
  });
  if (tracing) await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  waitForTheAppOnLoad(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let failed = false;
  onTestFailed(async () => {
    failed = true;
    const folder = path.join(artifactsDir, name.replace(/[^a-z0-9-]+/gi, '-'));
    fs.mkdirSync(folder, { recursive: true });
    await page
      .screenshot({ path: path.join(folder, 'failure.png'), fullPage: true })
      .catch(() => undefined);
    if (tracing) {
      await context.tracing.stop({ path: path.join(folder, 'trace.zip') }).catch(() => undefined);
    }
    console.error(`e2e artifacts for "${name}": ${folder}`);
  });
  const originalClose = context.close.bind(context);
  context.close = async () => {
    if (tracing && !failed) await context.tracing.stop().catch(() => undefined);
    await originalClose();
  };
  return { context, page, errors };
}

/**
 * `goto` and `reload` resolve once the app in the page has mounted, not only at the load event.
 * The home is drawn by the server and its script starts once its first photo is painted, or on
 * an earlier gesture: these move the mouse as a reader would before acting, so a test does not
 * wait for the photo; a test that must see the page before the app
 * starts uses `gotoWithoutStarting`. Pages without the app (an API answer, an image) resolve as
 * before.
 */
function waitForTheAppOnLoad(page: Page): void {
  const appReady = async () => {
    const waiting = await page.evaluate(
      () => !!document.getElementById('root') && !('ready' in document.documentElement.dataset),
    );
    if (!waiting) return;
    await page.mouse.move(2, 2);
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
  };
  const goto = page.goto.bind(page);
  gotoWithoutStarting.set(page, goto);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appReady();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appReady();
    return response;
  };
}

const gotoWithoutStarting = new WeakMap<Page, Page['goto']>();

/**
 * Opens an address and resolves at its load event (or `waitUntil`), without any gesture that
 * starts the app. A test that holds the app's script back waits for `domcontentloaded`: the app
 * may start before the load event, and its held script then holds that event too.
 */
export function gotoWithoutGesture(
  page: Page,
  url: string,
  waitUntil: 'load' | 'domcontentloaded' = 'load',
) {
  const goto = gotoWithoutStarting.get(page) ?? page.goto.bind(page);
  return goto(url, { waitUntil });
}

let counter = 0;

export function uniqueUser(prefix = 'e2e') {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    fullName: `${prefix} Person ${counter}`,
    username: `${prefix}_${id}`.toLowerCase(),
    email: `${prefix}.${id}@example.com`,
    password: 'correct-horse',
  };
}

/** Signs up through the API in this browser context, so the cookie is the browser's own. */
export async function signUpViaApi(context: BrowserContext, user = uniqueUser()) {
  const response = await context.request.post('/api/auth/sign-up', {
    data: {
      email: user.email,
      password: user.password,
      username: user.username,
      full_name: user.fullName,
    },
    headers: { origin: baseUrl() },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string }; session: { token: string } };
  return { ...user, id: body.user.id, token: body.session.token };
}

/** Creates an account over plain HTTP (no browser), e.g. a second user or a taken name. */
export async function createUserViaHttp(user = uniqueUser('other'), origin = baseUrl()) {
  const response = await fetch(`${origin}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      username: user.username,
      full_name: user.fullName,
    }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string }; session: { token: string } };
  return { ...user, id: body.user.id, token: body.session.token };
}
