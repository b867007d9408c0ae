/** @jest-environment node */
// The profile page right after a guest sent something to it (src/lib/sentMark.ts's mark), over
// real HTTP in front of a stub API whose feed the test changes as a send would.
import { waitUntil } from './branchStub';
import type { TestServer } from './images/testing';
import { PROFILE_CACHE_CONTROL } from './profilePages';
import {
  findUserStub,
  profileAnswer,
  serverAppBefore,
  setServerBuildConfig,
  shellBuild,
  testBuild,
} from './testing';

setServerBuildConfig();

const review = (id: string, sayThanks: string) => ({
  id: `${id}-${sayThanks}`,
  gratitudeType: 'REVIEW',
  icon: 'APPRECIATION',
  title: `kim park appreciated ${id}`,
  sayThanks,
  media: [],
  createdAt: '2026-03-10T12:00:00.000Z',
  boosted: false,
  tipAmount: null,
  giveThanksUser: { fullName: 'Kim Park', profilePicture: null },
});

describe('the profile page for the guest who just sent something', () => {
  const build = testBuild(() => shellBuild('grati-sent-'));
  let server: TestServer;
  const feeds = new Map<string, string[]>();
  const calls: string[] = [];
  /** While set, findUser answers wait for it (with the feed as it was when the call came). */
  let held: Promise<void> | null = null;

  beforeAll(async () => {
    const api = build.closing(
      await findUserStub(async (id) => {
        calls.push(id);
        const answer = profileAnswer(
          id,
          (feeds.get(id) ?? []).map((sayThanks) => review(id, sayThanks)),
        );
        await held;
        return answer;
      }),
    );
    server = await build.serve(serverAppBefore(api.origin, build.dir).app);
  });

  const page = (id: string, cookie?: string) =>
    fetch(`${server.origin}/user_profile/${id}`, { headers: cookie ? { cookie } : {} });
  const callsFor = (id: string) => calls.filter((call) => call === id).length;

  it('is rendered from a lookup after the send, kept by no cache, and then shown to everyone', async () => {
    feeds.set('ava', []);
    const before = await page('ava');
    expect(before.headers.get('cache-control')).toBe(PROFILE_CACHE_CONTROL);
    await before.text();
    expect(callsFor('ava')).toBe(1);

    // The review is published; the page and lookup from before are kept 5 s.
    feeds.set('ava', ['Thank you, Ava!']);
    expect(await (await page('ava')).text()).not.toContain('Thank you, Ava!');

    const sender = await page('ava', 'tester=t1; grati_sent=sam|ava');
    expect(sender.status).toBe(200);
    expect(sender.headers.get('cache-control')).toBe('no-store');
    expect(await sender.text()).toContain('Thank you, Ava!');
    expect(callsFor('ava')).toBe(2);

    const stranger = await page('ava');
    expect(stranger.headers.get('cache-control')).toBe(PROFILE_CACHE_CONTROL);
    expect(await stranger.text()).toContain('Thank you, Ava!');
    expect(callsFor('ava')).toBe(2);
  });

  it('never comes from a call begun before the request, and a burst makes one call more', async () => {
    feeds.set('bea', []);
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    const arrived = () => server.requests.filter((url) => url === '/user_profile/bea').length;

    const early = page('bea', 'grati_sent=bea');
    await waitUntil(() => callsFor('bea') === 1, Infinity);
    feeds.set('bea', ['Thanks, Bea']);
    // Ten more (a reload, another tab, a replayed cookie) while its lookup is under way.
    const later = Array.from({ length: 10 }, () => page('bea', 'grati_sent=bea'));
    await waitUntil(() => arrived() === 11, Infinity);
    held = null;
    release();

    expect(await (await early).text()).not.toContain('Thanks, Bea');
    for (const answer of await Promise.all(later)) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.text()).toContain('Thanks, Bea');
    }
    expect(callsFor('bea')).toBe(2);
  });
});
