import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import tap from 'tap';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BUSINESS_TIME_ZONE, type AuthResponse } from '@exch/contracts';
import { DEMO_PASSWORD } from '@exch/server';
import { repoRoot } from './server.js';

const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Why the browser tests cannot run here, or false when they can. Without Chromium they are skipped,
 * except on CI (CI=true), where a missing browser must fail the run instead of hiding it.
 */
export const browserSkipReason: string | false =
  existsSync(CHROMIUM_PATH) || process.env.CI === 'true'
    ? false
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`;

export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations the pages reported so far (close() fails on any). */
  cspViolations: string[];
  close(): Promise<void>;
}

/**
 * The test file's one Chromium, started by the first launchBrowser and closed when the file's tests
 * have ended: starting a browser costs seconds, a new context a fraction of that.
 */
let shared: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    shared = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const closing = shared;
    tap.teardown(async () => {
      shared = null;
      await (await closing.catch(() => null))?.close();
    });
  }
  return shared;
}

/**
 * Headless Chromium in a new context of its own: no stored tokens, cookies or cache from an earlier
 * page, as a fresh profile would be. Every page's console is watched for Content-Security-Policy
 * violations: the web app must run under the gateway's policy, so close() throws if any was reported.
 */
export async function launchBrowser(viewport = { width: 1366, height: 768 }): Promise<LaunchedBrowser> {
  const context = await (await sharedBrowser()).newContext({
    viewport,
    // The players and staff are in India: the pages' days and clocks are IST, as the server's are.
    timezoneId: BUSINESS_TIME_ZONE,
  });
  // Run under tsx, the tests are compiled with esbuild's keepNames: a function declared inside a
  // callback sent to the page (page.evaluate) calls esbuild's __name, which the page must have too.
  await context.addInitScript('globalThis.__name = (target) => target;');
  const cspViolations: string[] = [];
  context.on('page', (p) =>
    p.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(`${p.url()}: ${msg.text()}`);
    }),
  );
  const page = await context.newPage();
  return {
    context,
    page,
    cspViolations,
    async close() {
      await context.close();
      if (cspViolations.length > 0) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
}

/**
 * The gateway serves web/dist: build it when it is missing. Test files run in parallel, so each
 * builds into its own folder and moves it into place; a file that finds dist already there drops its copy.
 */
export function ensureWebBuilt(): void {
  const dist = join(repoRoot, 'web', 'dist');
  if (existsSync(join(dist, 'index.html'))) return;
  const staging = mkdtempSync(join(repoRoot, 'web', 'dist-building-'));
  try {
    execFileSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', staging, '--emptyOutDir'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    renameSync(staging, dist);
  } catch (err) {
    // Another test file moved its build in first; anything else is a real failure.
    if (!existsSync(join(dist, 'index.html'))) throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** tests/screenshots/ (gitignored), for people to look at. */
export function screenshotPath(name: string): string {
  const dir = resolve(repoRoot, 'tests', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

// Flows the browser tests share: logging in, setting up stored sessions, reading them back.

export type SessionKind = 'player' | 'admin';

/** localStorage keys the web app stores sessions under (SPEC.md section 3). */
const STORAGE_KEYS = [
  'user_token',
  'user_refresh_token',
  'user',
  'admin_token',
  'admin_refresh_token',
  'admin',
] as const;

/** Logs in through the login page and waits for the page it lands on. */
export async function loginWithForm(
  page: Page,
  baseUrl: string,
  kind: SessionKind,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}${kind === 'admin' ? '/admin/login' : '/login'}`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(`${baseUrl}${kind === 'admin' ? '/admin' : '/'}`);
}

/** Logs in over the API, as the page would, without a browser. */
export async function apiLogin(baseUrl: string, kind: SessionKind, username: string): Promise<AuthResponse> {
  const res = await fetch(`${baseUrl}/api/${kind === 'admin' ? 'login-admin' : 'auth/login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as AuthResponse;
}

/** What the login page would have stored for this session. */
export function storedSession(kind: SessionKind, auth: AuthResponse): Record<string, string> {
  const prefix = kind === 'admin' ? 'admin' : 'user';
  return {
    [`${prefix}_token`]: auth.token,
    [`${prefix}_refresh_token`]: auth.refreshToken,
    [prefix]: JSON.stringify(auth.user),
  };
}

/**
 * Puts entries into the site's localStorage, then opens `path` as a fresh page load. The entries are
 * written from the gateway's /health answer, a page of the same origin where the app does not run,
 * so nothing of an earlier page can write over them.
 */
export async function openWithStorage(
  page: Page,
  baseUrl: string,
  entries: Record<string, string>,
  path: string,
): Promise<void> {
  await page.goto(`${baseUrl}/health`);
  await page.evaluate((e) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
  await page.goto(`${baseUrl}${path}`);
}

export async function readStorage(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...STORAGE_KEYS]);
}

/** Waits until the client router has settled on `path`, redirects included. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
}

/** Toasts live 1 s (SPEC.md section 9): this logs every one a page shows, so a busy machine cannot miss it. Before the page loads. */
export async function watchToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { toastLog: string[] }).toastLog = log;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.matches('.toast')) log.push(n.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Waits for a toast watchToasts logged that contains `text`, then forgets the log. */
export async function waitForToast(page: Page, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (want) => (window as unknown as { toastLog: string[] }).toastLog.some((m) => m.includes(want)),
    text,
    { timeout },
  );
  await page.evaluate(() => (window as unknown as { toastLog: string[] }).toastLog.splice(0));
}

/** Rupees the way the site shows them: ₹ and Indian digit grouping. */
export const inr = (rupees: number): string =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees)}`;

/** Toasts live 1 s (SPEC.md section 9): every one is logged in `window.toastLog`, so a busy machine cannot miss it. */
export async function logToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { toastLog: string[] }).toastLog = log;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.matches('.toast')) log.push(n.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Waits until every animation and transition that ends (a looping one never does) has ended, on the
 * page or inside `within`, so a screenshot or a measurement sees where they settle, not a frame on the way.
 */
export async function animationsDone(page: Page, within?: string): Promise<void> {
  await page.waitForFunction((selector) => {
    const root = selector ? document.querySelector(selector) : document.documentElement;
    return document.getAnimations().every((a) => {
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      const settling = a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY;
      return !settling || !target || !root?.contains(target);
    });
  }, within);
}

/** Waits until the page has painted what it rendered so far: two animation frames. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
