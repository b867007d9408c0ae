/** @jest-environment node */
// A QR code's link (`/?_branch_match_id=<id>`) resolved by the server (issue 51), over real HTTP,
// in front of a stub API and a stub Branch (branchStub.ts).
import { LINK_VISIT_STATE_KEY } from '../config/linkVisit';
import { TEST_BRANCH_KEY, clicked, openBody, startBranchStub, type BranchStub } from './branchStub';
import { startServer, type TestServer } from './images/testing';
import { scriptHash } from './pagePolicy';
import type { ServerMetrics } from './metrics';
import { PROFILE_CACHE_CONTROL } from './profilePages';
import {
  findUserStub,
  profileAnswer,
  serverAppBefore,
  setServerBuildConfig,
  tempBuild,
  testBuild,
} from './testing';

setServerBuildConfig();

// Far above a loaded machine's local round trip (a stub answering in 60 ms must come in time).
const DEADLINE_MS = 2_000;

/** The inline scripts of a page, in order. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

describe('the page of a QR code’s link', () => {
  const build = testBuild(() =>
    tempBuild(
      'grati-links-',
      '<!doctype html><html lang=en><head><title>Grati</title><script defer src="/assets/boot.js"></script></head><body><div id=root></div></body></html>',
    ),
  );
  let api: TestServer;
  let branch: BranchStub;
  let server: TestServer;
  let metrics: ServerMetrics;
  /** The profiles findUser was called for. */
  const calls: string[] = [];

  beforeAll(async () => {
    api = build.closing(
      await findUserStub((id) => {
        calls.push(id);
        return profileAnswer(id);
      }),
    );
    branch = build.closing(await startBranchStub());
    const built = appBefore();
    metrics = built.metrics;
    server = await build.serve(built.app);
  });

  /** The production server before the stub API and the stub Branch, its breaker closed. */
  const appBefore = () =>
    serverAppBefore(api.origin, build.dir, undefined, {
      resolveLinks: true,
      branchKey: TEST_BRANCH_KEY,
      apiUrl: branch.origin,
      deadlineMs: DEADLINE_MS,
    });

  beforeEach(() => branch.reset());

  const visit = (target: string) => fetch(`${server.origin}${target}`);

  it('is the profile’s page, kept by no cache, that puts the profile’s address in place first', async () => {
    branch.answerWith(200, clicked('ava-martinez'));
    const answer = await visit('/?_branch_match_id=qr-ava');
    const html = await answer.text();

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('>Profile Ava-martinez</h1>');
    expect(html).not.toContain('Loading...');
    // Asked as branch-sdk asks, with the build's key.
    expect(branch.received.map((body) => body.get('link_identifier'))).toEqual(['qr-ava']);
    expect(branch.received[0]!.get('branch_key')).toBe(TEST_BRANCH_KEY);

    const [first] = inlineScripts(html);
    expect(first).toContain('history.replaceState(');
    expect(first).toContain('"/user_profile/ava-martinez"');
    expect(first).toContain(`"${LINK_VISIT_STATE_KEY}":{"clickId":"qr-ava"}`);
    // The loader that runs the app's scripts after paint comes after it.
    expect(inlineScripts(html).at(-1)).toContain('requestAnimationFrame');
    expect(inlineScripts(html)).toHaveLength(2);
    expect(answer.headers.get('content-security-policy')).toContain(scriptHash(first!));
  });

  it('says how long Branch took to answer, a duration only', async () => {
    branch.handle = (_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(clicked('ava-martinez'));
      }, 60);
    };
    const answer = await visit('/?_branch_match_id=qr-ava');
    await answer.text();

    const timing = answer.headers.get('server-timing') ?? '';
    expect(timing).toMatch(/^branch;dur=\d+\.\d$/);
    const duration = Number(timing.slice('branch;dur='.length));
    expect(duration).toBeGreaterThanOrEqual(55);
    expect(duration).toBeLessThan(DEADLINE_MS);

    // Invalid QR Found says it too; a profile's own address (Branch not asked) does not.
    branch.answerWith(200, openBody({ '+clicked_branch_link': false }));
    const invalid = await visit('/?_branch_match_id=qr-nobody');
    expect(invalid.headers.get('server-timing')).toMatch(/^branch;dur=\d+\.\d$/);
    expect((await visit('/user_profile/sam-lee')).headers.get('server-timing')).toBeNull();
  });

  it.each([
    ['slower than the deadline', (stub: BranchStub) => (stub.handle = () => undefined)],
    ['in trouble (503)', (stub: BranchStub) => stub.answerWith(503, '{}')],
    ['flooding', (stub: BranchStub) => stub.flood(128 * 1024 * 1024)],
  ])('is the shell, showing Loading..., when Branch is %s', async (_case, breakBranch) => {
    breakBranch(branch);
    // Its own server: the failures before would have opened the shared one's breaker.
    const own = await startServer(appBefore().app);
    const started = Date.now();
    const answer = await fetch(`${own.origin}/?_branch_match_id=qr-ava`);
    const html = await answer.text();
    const tookMs = Date.now() - started;
    await own.close();

    // At the deadline, not when Branch is done (a 128 MB flood): a far bound, for slow machines.
    expect(branch.received).toHaveLength(1);
    expect(tookMs).toBeLessThan(DEADLINE_MS + 10_000);
    expect(answer.status).toBe(200);
    expect(html).toMatch(
      /<div id=root><p class="deep-link-gate" role="status">Loading...<\/p><\/div>/,
    );
    expect(html).not.toContain('replaceState');
    expect(html).not.toContain('Profile Ava');
    expect(answer.headers.get('server-timing')).toBeNull();
  });

  it.each([
    ['an unknown link', 200, openBody({ '+clicked_branch_link': false })],
    ['a link Branch refuses', 400, JSON.stringify({ error: { code: 400, message: 'no' } })],
  ])('says Invalid QR Found for %s', async (_case, status, body) => {
    branch.answerWith(status, body);
    const answer = await visit('/?_branch_match_id=qr-nobody');
    const html = await answer.text();

    expect(answer.status).toBe(404);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<h1 id="invalid-qr-title">Invalid QR Found</h1>');
    expect(html).not.toContain('Loading...');
    // The page's session is told, so it does not ask again before it shows anything.
    const [first] = inlineScripts(html);
    expect(first).toContain(`"${LINK_VISIT_STATE_KEY}":{"clickId":"qr-nobody","invalid":true}`);
    expect(answer.headers.get('content-security-policy')).toContain(scriptHash(first!));
  });

  it('counts what Branch answered, for the operator', async () => {
    const counts = async () =>
      new Map(
        (await metrics.branchLinks.get()).values.map(({ labels, value }) => [
          `${labels.answer}/${labels.reason}`,
          value,
        ]),
      );
    const before = await counts();
    branch.answerWith(200, clicked('ava-martinez'));
    await (await visit('/?_branch_match_id=qr-ava')).text();
    branch.answerWith(503, '{}');
    await (await visit('/?_branch_match_id=qr-ava')).text();

    const grown = [...(await counts())]
      .map(([key, value]) => [key, value - (before.get(key) ?? 0)] as const)
      .filter(([, more]) => more > 0);
    expect(Object.fromEntries(grown)).toEqual({ 'profile/': 1, 'noAnswer/unavailable': 1 });
  });

  it('renders the profile an address already names, without asking Branch', async () => {
    const answer = await visit('/user_profile/sam-lee?_branch_match_id=qr-ava');
    const html = await answer.text();

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(PROFILE_CACHE_CONTROL);
    expect(html).toContain('>Profile Sam-lee</h1>');
    expect(html).not.toContain('Loading...');
    expect(html).not.toContain('replaceState');
    expect(branch.received).toHaveLength(0);
    expect(calls).toContain('sam-lee');
  });
});
