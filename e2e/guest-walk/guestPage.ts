// The page a walk drives: one browser context and page per sequence (and a second tab when a step
// opens one), what the pages report going wrong while it walks (failed answers from its own
// origin, console errors, uncaught errors, dialogs), with the network fault of GUEST_WALK_FAULTS
// when asked for, and the guest of each draft: a name, email and words of its own, so that the
// mock API's payments and feed can be counted per draft.
import type {
  Browser,
  BrowserContext,
  ConsoleMessage,
  Page,
  Request,
  Response,
} from '@playwright/test';
import { expect, waitForApp } from '../fixtures';
import { VIEWPORTS } from './model';
import type { WalkProfile } from './profiles';

/** The requests a step waits for before its checks: the page's code and its calls. */
const SETTLED_TYPES = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

/** The longest a step waits for one thing on a machine several times slower (1 to 5 s on a fast one). */
const STEP_WAIT_MS = 60_000;

/** Where the build keeps the app's scripts (webpack's output.publicPath). */
const STATIC_SCRIPTS = /^\/assets\/[^/]+\.js$/;

/** The texts of status and alert regions, recorded as they show, however briefly. */
declare global {
  interface Window {
    __guestWalkSeen?: Set<string>;
  }
}

/** A draft's guest, as the guest details step takes it. */
export interface DraftGuest {
  fullName: string;
  email: string;
}

export class GuestPage {
  /** This sequence's own mark in its guests' names and words (a shrink's replay is another). */
  readonly tag = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
  /** Answers a step loses on purpose (their paths): the browser's report of them is expected. */
  private readonly lostPaths = new Set<string>();
  /** What went wrong since the last check; each check takes and clears them. */
  private problems: string[] = [];
  /** What the walk expects may go wrong (a fault's doing, a loaded machine's), kept to explain a failure. */
  private tolerated: string[] = [];
  private readonly inFlight = new Set<Request>();
  /** The lazy scripts a fault has already failed once (GUEST_WALK_FAULTS). */
  readonly failedOnce = new Set<string>();
  readonly origin: string;
  /** Steps run in this sequence (for the walk's figures). */
  steps = 0;
  /** The moves in flight run in this sequence, by kind (for the walk's figures). */
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

  static async open(
    browser: Browser,
    baseURL: string,
    profile: WalkProfile,
    faults: boolean,
  ): Promise<GuestPage> {
    const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
    // Playwright's actions and navigations wait without end by default: a step that never
    // arrives (a page that went elsewhere) fails at that step, and is shrunk like any other.
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

  /** The guest whose details draft `n` carries. */
  guestOf(n: number): DraftGuest {
    return { fullName: `Walk ${this.tag} ${n}`, email: `walk.${this.tag}.${n}@example.com` };
  }

  /** Draft `n`'s words of thanks. */
  wordsOf(n: number): string {
    return `Thanks from the guest walk, ${this.tag} draft ${n}`;
  }

  /** A step loses the answer of `path` on purpose: the browser's report of it is expected. */
  expectLost(path: string): void {
    this.lostPaths.add(path);
  }

  /** A second tab of the same browser, watched as the first (its reports named as its own). */
  async openSecondTab(): Promise<Page> {
    const page = await this.context.newPage();
    await this.listen(page, 'the second tab: ');
    return page;
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
      const line = `${who}${response.request().method()} ${pathname}${search} answered ${response.status()}`;
      if (this.slowLookupFallback(response)) this.tolerated.push(line);
      else this.problems.push(line);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The browser's "Failed to load resource" names no address: the address is its location.
      const url = message.text().startsWith('Failed to load resource') && message.location().url;
      const at = url ? url.replace(this.origin, '') : '';
      const text = `${who}console error: ${message.text().split('\n')[0]}${at ? ` (${at})` : ''}`;
      if (this.expectedConsoleError(message)) this.tolerated.push(text);
      else this.problems.push(text);
    });
    page.on('pageerror', (error) => {
      this.problems.push(`${who}uncaught ${error.name}: ${error.message}`);
    });
    page.on('dialog', (dialog) => {
      this.problems.push(`${who}a ${dialog.type()} dialog: ${dialog.message()}`);
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

  /**
   * The production server's answer when its own lookup of the profile is slow (a loaded
   * machine): 503 with Retry-After and the page's shell, which the browser renders by itself
   * (src/server/profilePages.ts). The page that follows is checked as any other.
   */
  private slowLookupFallback(response: Response): boolean {
    const { pathname } = new URL(response.url());
    return (
      response.status() === 503 &&
      response.request().resourceType() === 'document' &&
      pathname === `/user_profile/${this.profile.id}` &&
      response.headers()['retry-after'] !== undefined
    );
  }

  /**
   * The browser's report of that 503, of an answer a step lost on purpose; with faults on, its
   * report of a script the fault failed, and the app's report of a part whose code could not
   * load: nothing else is expected.
   */
  private expectedConsoleError(message: ConsoleMessage): boolean {
    const text = message.text();
    const at = message.location().url;
    if (
      text.startsWith('Failed to load resource: net::ERR_CONNECTION_RESET') &&
      at !== '' &&
      this.lostPaths.has(new URL(at).pathname)
    ) {
      return true;
    }
    if (
      text.startsWith('Failed to load resource: the server responded with a status of 503') &&
      at !== '' &&
      new URL(at).pathname === `/user_profile/${this.profile.id}`
    ) {
      return true;
    }
    if (!this.faults) return false;
    return (
      text.startsWith('Failed to load resource: net::ERR_FAILED') ||
      /ChunkLoadError|Loading chunk \S+ failed/.test(text)
    );
  }

  /**
   * GUEST_WALK_FAULTS: every script of the app that the page loads lazily (not one the profile's
   * HTML preloads) fails on its first request, as on a flaky network; asked again, it loads.
   */
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
        if (firstLoad.has(pathname) || this.failedOnce.has(pathname)) {
          await route.fallback();
          return;
        }
        this.failedOnce.add(pathname);
        await route.abort('failed');
      },
    );
  }

  /** Opens the profile as a guest arriving from outside: at `address`. */
  async start(address: string): Promise<void> {
    await this.page.goto(address);
    await waitForApp(this.page);
  }

  /**
   * Waits until the page has made the calls the step set off and got their answers (its code,
   * the API; not pictures), so what a step broke is reported at that step.
   */
  async settle(): Promise<void> {
    // Two turns of the page's event loop: what the last render set off has been asked for.
    await this.page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
    );
    await expect
      .poll(() => [...this.inFlight].map((request) => request.url()), {
        message: 'requests the step set off are answered',
      })
      .toEqual([]);
  }

  /** What went wrong since the last call. */
  takeProblems(): string[] {
    const taken = this.problems;
    this.problems = [];
    return taken;
  }

  /** What went wrong as expected, since the last call. */
  takeTolerated(): string[] {
    const taken = this.tolerated;
    this.tolerated = [];
    return taken;
  }

  /** Forgets the status texts seen so far in this document. */
  async forgetSeen(): Promise<void> {
    await this.page.evaluate(() => window.__guestWalkSeen?.clear());
  }

  /** The status and alert texts shown in this document since forgetSeen. */
  async seen(): Promise<string[]> {
    return this.page.evaluate(() => [...(window.__guestWalkSeen ?? [])]);
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
