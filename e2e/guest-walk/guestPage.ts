// The page a walk drives (a browser context per sequence), what its pages report going wrong, the
// network fault of GUEST_WALK_FAULTS, and each draft's own guest.
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from '@playwright/test';
import { expect, waitForApp } from '../fixtures';
import { VIEWPORTS } from './model';
import type { WalkProfile } from './profiles';

const SETTLED_TYPES = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

const STEP_WAIT_MS = 60_000;

const STATIC_SCRIPTS = /^\/assets\/[^/]+\.js$/;

/** Status and alert texts, recorded as they show, however briefly. */
declare global {
  interface Window {
    __guestWalkSeen?: Set<string>;
  }
}

export class GuestPage {
  /** This sequence's own mark in its guests' names and words (a shrink's replay is another). */
  readonly tag = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
  /** Paths whose answers a step loses on purpose: the browser's report of them is expected. */
  private readonly lostPaths = new Set<string>();
  private reports = { problems: [] as string[], tolerated: [] as string[] };
  private readonly inFlight = new Set<Request>();
  private readonly failedOnce = new Set<string>();
  readonly origin: string;
  steps = 0;
  readonly moves = new Map<string, number>();

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly profile: WalkProfile,
    readonly faults: boolean,
    baseURL: string,
  ) {
    this.origin = new URL(baseURL).origin;
  }

  static async open(browser: Browser, baseURL: string, profile: WalkProfile, faults: boolean) {
    const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
    // Playwright waits without end by default: a step that never arrives fails at that step.
    context.setDefaultTimeout(STEP_WAIT_MS);
    context.setDefaultNavigationTimeout(STEP_WAIT_MS);
    const page = await context.newPage();
    const walk = new GuestPage(context, page, profile, faults, baseURL);
    await walk.listen(page, '');
    if (faults) await walk.failLazyScriptsOnce();
    return walk;
  }

  private ownOrigin(url: string): boolean {
    return new URL(url).origin === this.origin;
  }

  guestOf(n: number) {
    return { fullName: `Walk ${this.tag} ${n}`, email: `walk.${this.tag}.${n}@example.com` };
  }

  wordsOf(n: number): string {
    return `Thanks from the guest walk, ${this.tag} draft ${n}`;
  }

  expectLost(path: string): void {
    this.lostPaths.add(path);
  }

  async openSecondTab(): Promise<Page> {
    const page = await this.context.newPage();
    await this.listen(page, 'the second tab: ');
    return page;
  }

  private note(expected: boolean, line: string): void {
    this.reports[expected ? 'tolerated' : 'problems'].push(line);
  }

  private async listen(page: Page, who: string): Promise<void> {
    if (page === this.page) {
      page.on('request', (request) => {
        if (this.ownOrigin(request.url()) && SETTLED_TYPES.has(request.resourceType())) {
          this.inFlight.add(request);
        }
      });
      const done = (request: Request) => this.inFlight.delete(request);
      page.on('requestfinished', done);
      page.on('requestfailed', done);
    }
    page.on('response', (response) => {
      if (!this.ownOrigin(response.url()) || response.status() < 400) return;
      const { pathname, search } = new URL(response.url());
      // The server's 503 with Retry-After when its profile lookup is slow.
      const slowLookup =
        response.status() === 503 &&
        response.request().resourceType() === 'document' &&
        pathname === `/user_profile/${this.profile.id}` &&
        response.headers()['retry-after'] !== undefined;
      const method = response.request().method();
      this.note(slowLookup, `${who}${method} ${pathname}${search} answered ${response.status()}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The browser's "Failed to load resource" names no address: the address is its location.
      const url = message.text().startsWith('Failed to load resource') && message.location().url;
      const at = url ? url.replace(this.origin, '') : '';
      const text = `${who}console error: ${message.text().split('\n')[0]}${at ? ` (${at})` : ''}`;
      this.note(this.expectedConsoleError(message), text);
    });
    page.on('pageerror', (error) => {
      this.note(false, `${who}uncaught ${error.name}: ${error.message}`);
    });
    page.on('dialog', (dialog) => {
      this.note(false, `${who}a ${dialog.type()} dialog: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    await page.addInitScript(() => {
      const seen = new Set<string>();
      window.__guestWalkSeen = seen;
      const record = () => {
        for (const region of document.querySelectorAll('[role="status"], [role="alert"]')) {
          const text = region.textContent?.trim();
          if (text) seen.add(text);
        }
      };
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
  }

  /** A lost answer's report, the slow lookup's 503; with faults, a failed script's: no other. */
  private expectedConsoleError(message: ConsoleMessage): boolean {
    const text = message.text();
    const at = message.location().url;
    const path = () => (at === '' ? null : new URL(at).pathname);
    const failed = (why: string) => text.startsWith(`Failed to load resource: ${why}`);
    if (failed('net::ERR_CONNECTION_RESET') && this.lostPaths.has(path() ?? '')) return true;
    if (failed('the server responded with a status of 503')) {
      if (path() === `/user_profile/${this.profile.id}`) return true;
    }
    return (
      this.faults &&
      (failed('net::ERR_FAILED') || /ChunkLoadError|Loading chunk \S+ failed/.test(text))
    );
  }

  /** Each lazily loaded script fails once, as on a flaky network. */
  private async failLazyScriptsOnce(): Promise<void> {
    const html = await (await this.context.request.get(`/user_profile/${this.profile.id}`)).text();
    const firstLoad = new Set(
      [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(firstLoad.size, 'scripts the profile page loads first').toBeGreaterThan(0);
    await this.page.route(
      (url) => url.origin === this.origin && STATIC_SCRIPTS.test(url.pathname),
      async (route) => {
        const { pathname } = new URL(route.request().url());
        if (firstLoad.has(pathname) || this.failedOnce.has(pathname)) return route.fallback();
        this.failedOnce.add(pathname);
        await route.abort('failed');
      },
    );
  }

  async start(address: string): Promise<void> {
    await this.page.goto(address);
    await waitForApp(this.page);
  }

  /** Two turns of the page's event loop (and `ms` more): what the last render set off has begun. */
  async nextTurns(ms = 0): Promise<void> {
    await this.page.evaluate(
      (wait) =>
        new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, wait))),
      ms,
    );
  }

  /** Waits until the calls a step set off (code, API; not pictures) are answered. */
  async settle(): Promise<void> {
    await this.nextTurns();
    await expect
      .poll(() => [...this.inFlight].map((request) => request.url()), {
        message: 'requests the step set off are answered',
      })
      .toEqual([]);
  }

  take(kind: 'problems' | 'tolerated'): string[] {
    const taken = this.reports[kind];
    this.reports[kind] = [];
    return taken;
  }

  async forgetSeen(): Promise<void> {
    await this.page.evaluate(() => window.__guestWalkSeen?.clear());
  }

  async seen(): Promise<string[]> {
    return this.page.evaluate(() => [...(window.__guestWalkSeen ?? [])]);
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
