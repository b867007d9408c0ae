/** @jest-environment node */
// The server's Branch client: what it makes of each answer from a stub Branch and from the mock
// API's Branch emulator. Its limits are in branchLimits.test.ts.
import { BRANCH_EMULATOR_ROUTE } from '../../mock-api/emulators/branch';
import { startMockApi } from '../../mock-api/testing';
import { createBranchLinks } from './branchLinks';
import {
  TEST_BRANCH_KEY as KEY,
  clicked,
  noAnswer,
  openBody,
  startBranchStub,
  type BranchStub,
} from './branchStub';

/** A deadline no machine reaches: these tests are about the answers, not the time. */
const ROOMY_MS = 15_000;

let stub: BranchStub;
beforeAll(async () => {
  stub = await startBranchStub();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const resolve = (link: string) =>
  createBranchLinks({ branchKey: KEY, apiUrl: stub.origin, deadlineMs: ROOMY_MS }).resolve(link);

describe('createBranchLinks against a stub Branch', () => {
  it('POSTs /v1/open as branch-sdk does and reads the profile from the link data', async () => {
    stub.answerWith(200, clicked(' ava-martinez '));
    expect(await resolve('1234567890123456789')).toEqual({
      kind: 'profile',
      profileId: 'ava-martinez',
    });
    expect(stub.received).toHaveLength(1);
    expect(Object.fromEntries(stub.received[0]!)).toEqual({
      link_identifier: '1234567890123456789',
      branch_key: KEY,
    });
  });

  it('answers "no profile" for a link that is not a clicked one or names none', async () => {
    stub.answerWith(200, openBody({ '+clicked_branch_link': false, dynamicKey: 'ava-martinez' }));
    expect(await resolve('qr-1')).toEqual({ kind: 'noProfile', reason: 'notClicked' });
    stub.answerWith(200, openBody({ '+clicked_branch_link': true, '~channel': 'qr' }));
    expect(await resolve('qr-1')).toEqual({ kind: 'noProfile', reason: 'noKey' });
    stub.answerWith(200, openBody({ '+clicked_branch_link': true, dynamicKey: ' ' }));
    expect(await resolve('qr-1')).toEqual({ kind: 'noProfile', reason: 'noKey' });
    // No link data at all, which branch-sdk reads as none.
    stub.answerWith(200, JSON.stringify({ session_id: '1', data: '' }));
    expect(await resolve('qr-1')).toEqual({ kind: 'noProfile', reason: 'notClicked' });
  });

  it('answers "no profile" for a dynamic key that cannot be a profile id', async () => {
    for (const key of ['../x', 'a/b', '..', '.', 'x'.repeat(10 * 1024), 'constructor', 42]) {
      stub.answerWith(200, clicked(key));
      expect(await resolve('qr-1')).toEqual({
        kind: 'noProfile',
        reason: typeof key === 'string' ? 'badKey' : 'noKey',
      });
    }
  });

  it('answers "failed" for Branch\'s 4xx error, "no answer" for its 5xx, 408 and 429', async () => {
    stub.answerWith(400, JSON.stringify({ error: { code: 400, message: 'Not valid.' } }));
    expect(await resolve('qr-broken')).toEqual({ kind: 'failed', status: 400 });
    stub.answerWith(404, '');
    expect(await resolve('qr-1')).toEqual({ kind: 'failed', status: 404 });
    for (const status of [500, 503, 408, 429]) {
      stub.answerWith(status, '{"error":{}}');
      expect(await resolve('qr-1')).toEqual(noAnswer('unavailable'));
    }
  });

  it('answers "no answer" for garbage', async () => {
    const bodies = [
      '<html>oops</html>',
      '',
      '[1,2]',
      '{}',
      '{"data":{"dynamicKey":"ava-martinez"}}',
      '{"data":"{nope"}',
      '{"data":"[1]"}',
    ];
    for (const body of bodies) {
      stub.answerWith(200, body);
      expect(await resolve('qr-1')).toEqual(noAnswer('garbage'));
    }
    for (const status of [204, 302]) {
      stub.answerWith(status, '');
      expect(await resolve('qr-1')).toEqual(noAnswer('garbage'));
    }
  });

  it('sends no identifier that Branch never issues', async () => {
    for (const link of ['', 'a b', 'x'.repeat(129), 'qr&branch_key=other', 'é']) {
      expect(await resolve(link)).toEqual(noAnswer('notALink'));
    }
    expect(stub.received).toHaveLength(0);
  });
});

describe("createBranchLinks against the mock API's Branch emulator", () => {
  let api: Awaited<ReturnType<typeof startMockApi>>;
  let apiUrl: string;
  beforeAll(async () => {
    api = await startMockApi();
    apiUrl = `${api.origin}${BRANCH_EMULATOR_ROUTE}`;
  });
  afterAll(() => api.close());

  it('resolves its QR codes, its unknown links and its broken one', async () => {
    const links = createBranchLinks({ branchKey: KEY, apiUrl, deadlineMs: ROOMY_MS });
    for (const [link, answer] of [
      ['qr-ava', { kind: 'profile', profileId: 'ava-martinez' }],
      ['qr-bluebird', { kind: 'profile', profileId: 'bluebird-cafe' }],
      ['qr-unknown-1', { kind: 'noProfile', reason: 'notClicked' }],
      ['qr-broken', { kind: 'failed', status: 400 }],
    ] as const) {
      expect(await links.resolve(link)).toEqual(answer);
    }
  });

  it('is refused with a live key, as the emulator refuses every one (so the settings do)', async () => {
    const live = 'key_live_abcdefghijklmnopqrstuvwxyz012345';
    const links = createBranchLinks({ branchKey: live, apiUrl, deadlineMs: ROOMY_MS });
    expect(await links.resolve('qr-ava')).toEqual({ kind: 'failed', status: 400 });
  });
});
