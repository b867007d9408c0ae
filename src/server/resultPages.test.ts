/** @jest-environment node */
// Issue 50: the profile page at an address just after a send, and many profiles asked for at once,
// over real HTTP in front of a stub API that holds its answers until the test lets them go.
import { resetPageHydration } from '../loading/hydration';
import type { ServerApp } from './app';
import { waitUntil } from './branchStub';
import type { TestServer } from './images/testing';
import { LOOKUP_CONCURRENCY, LOOKUP_MAX_WAITING, createProfileLookup } from './profileLookup';
import {
  findUserStub,
  profileAnswer,
  serverAppBefore,
  setServerBuildConfig,
  shellBuild,
  testBuild,
} from './testing';

setServerBuildConfig();

/** For a test that waits on counts, on a loaded machine. */
const GENEROUS_MS = 120_000;

describe('pages that are read afresh, and profiles asked for at once', () => {
  const build = testBuild(() => shellBuild('grati-result-'));
  let server: TestServer;
  let serverApp: ServerApp;
  const calls: string[] = [];
  let waiting = 0;
  let mostWaiting = 0;
  /** While set, findUser answers wait for it. */
  let held: Promise<void> | null = null;
  let release = () => {};
  const hold = () => {
    held = new Promise((resolve) => (release = resolve));
  };
  const letGo = () => {
    held = null;
    release();
  };

  beforeAll(async () => {
    const api = build.closing(
      await findUserStub(async (id) => {
        calls.push(id);
        waiting += 1;
        mostWaiting = Math.max(mostWaiting, waiting);
        await held;
        waiting -= 1;
        return profileAnswer(id);
      }),
    );
    // A deadline and entry lifetime the held answers never reach on a loaded machine.
    const lookup = createProfileLookup({
      apiBaseUrl: `${api.origin}/api`,
      guestToken: 'token',
      timeoutMs: GENEROUS_MS,
      ttlMs: GENEROUS_MS,
    });
    serverApp = serverAppBefore(api.origin, build.dir, lookup);
    server = await build.serve(serverApp.app);
  });

  afterAll(letGo);

  const callsFor = (id: string) => calls.filter((call) => call === id).length;

  // As in production: before any page of this process has hydrated.
  beforeEach(() => resetPageHydration());

  /** Profile pages the server has rendered so far (its render-time histogram's count). */
  async function pagesMade(): Promise<number> {
    const metric = await serverApp.metrics.renderSeconds.get();
    return metric.values.find((value) => value.metricName?.endsWith('_count'))?.value ?? 0;
  }

  it(
    'renders an address just after a send once per lookup, whatever its query says',
    async () => {
      hold();
      const madeBefore = await pagesMade();
      const queries = Array.from({ length: 60 }, (_, n) =>
        [
          `?show=true&utm_source=${n}`,
          `?redirect_status=succeeded&payment_intent=pi_${n}&payment_intent_client_secret=pi_${n}_secret_${n}`,
          `?payment_intent=pi_${n}&made_up_${n}=1`,
          `?show=${n}&flow=gift&step=gift`,
        ].at(n % 4)!,
      );
      const answers = queries.map((query) =>
        fetch(`${server.origin}/user_profile/ava${query}`).then(async (answer) => ({
          status: answer.status,
          cacheControl: answer.headers.get('cache-control'),
          html: await answer.text(),
        })),
      );
      const arrived = () => server.requests.filter((url) => url.startsWith('/user_profile/ava?'));
      await waitUntil(() => arrived().length === queries.length, Infinity);
      letGo();

      const pages = await Promise.all(answers);
      for (const answer of pages) {
        expect(answer.status).toBe(200);
        expect(answer.cacheControl).toBe('no-store');
        expect(answer.html).toContain('profile ava');
        // What the query changes shows once the page works, not in the server's page.
        expect(answer.html).not.toContain('Congratulations!');
        expect(answer.html).not.toMatch(/pi_\d+/);
      }
      // One call began before the others came; they all share the next one, each rendered once.
      expect(callsFor('ava')).toBe(2);
      expect((await pagesMade()) - madeBefore).toBe(2);
      expect(new Set(pages.map((page) => page.html)).size).toBe(2);
    },
    GENEROUS_MS,
  );

  it(
    `asks the API for ${LOOKUP_CONCURRENCY} distinct profiles at once, lets ${LOOKUP_MAX_WAITING} wait, and answers the rest 503 with Retry-After at once`,
    async () => {
      hold();
      mostWaiting = 0;
      const count = 200;
      const answers = Array.from({ length: count }, (_, n) =>
        fetch(`${server.origin}/user_profile/distinct-${n}`).then(async (answer) => ({
          status: answer.status,
          retryAfter: answer.headers.get('retry-after'),
          body: await answer.text(),
        })),
      );
      const refused = count - LOOKUP_CONCURRENCY - LOOKUP_MAX_WAITING;
      const settled: { status: number; retryAfter: string | null }[] = [];
      for (const answer of answers) void answer.then((a) => settled.push(a));
      await waitUntil(() => settled.length === refused, Infinity);
      expect(waiting).toBe(LOOKUP_CONCURRENCY);
      for (const answer of settled) {
        expect(answer.status).toBe(503);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      letGo();
      const statuses = (await Promise.all(answers)).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(count - refused);
      expect(mostWaiting).toBe(LOOKUP_CONCURRENCY);
    },
    GENEROUS_MS,
  );
});
