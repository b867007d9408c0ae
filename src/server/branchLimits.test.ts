/** @jest-environment node */
// The server's Branch client's limits (deadline, answer size, requests in flight, breaker, off
// switch) against a misbehaving stub Branch. No bound depends on the machine's speed.
import type { ServerResponse } from 'node:http';
import { createBranchLinks, type BranchLinks, type BranchLinksOptions } from './branchLinks';
import {
  TEST_BRANCH_KEY as KEY,
  clicked,
  noAnswer,
  startBranchStub,
  waitUntil,
  type BranchStub,
} from './branchStub';
import { startServer } from './images/testing';

const DEADLINE_MS = 200;
/** A deadline no machine reaches, for the tests that are not about it. */
const ROOMY_MS = 15_000;
/** When a trickling stub would be done: a cut that came anywhere near it did not come. */
const TRICKLE_MS = 30_000;
const MAX_ANSWER_BYTES = 64 * 1024;
const FLOOD_BYTES = 128 * 1024 * 1024;
/** What sockets and stream buffers may take beyond the cap before the client stops reading. */
const BUFFER_SLACK_BYTES = 32 * 1024 * 1024;

let stub: BranchStub;
beforeAll(async () => {
  stub = await startBranchStub();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const linksFor = (options: Partial<BranchLinksOptions> = {}) =>
  createBranchLinks({ branchKey: KEY, apiUrl: stub.origin, deadlineMs: ROOMY_MS, ...options });

/** A closed port: connections to it are refused. */
async function refusingUrl(): Promise<string> {
  const server = await startServer(() => undefined);
  await server.close();
  return server.origin;
}

/** Resolves, with how long it took, and whether the stub then saw its connection cut. */
async function timed(links: BranchLinks, link: string) {
  const cutBefore = stub.cut;
  const started = Date.now();
  const answer = await links.resolve(link);
  const tookMs = Date.now() - started;
  await waitUntil(() => stub.cut > cutBefore, TRICKLE_MS / 3);
  return { answer, tookMs, wasCut: stub.cut > cutBefore };
}

it.each([
  ['a Branch that never answers', () => (stub.handle = () => undefined)],
  [
    'an answer whose body trickles past it',
    () => stub.trickle(clicked('ava-martinez'), TRICKLE_MS),
  ],
])('cuts %s at the deadline', async (_case, misbehave) => {
  misbehave();
  const { answer, tookMs, wasCut } = await timed(linksFor({ deadlineMs: DEADLINE_MS }), 'qr-1');
  expect(answer).toEqual(noAnswer('deadline'));
  // A timer never fires early; how late it fires is the machine's, so only far bounds.
  expect(tookMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
  expect(tookMs).toBeLessThan(TRICKLE_MS / 3);
  expect(wasCut).toBe(true);
});

it('stops reading a flood at the cap, long before its end', async () => {
  let sentBytes = 0;
  const finished = new Promise<void>((resolve) =>
    stub.flood(FLOOD_BYTES, (sent) => {
      sentBytes = sent;
      resolve();
    }),
  );
  const links = linksFor({ maxAnswerBytes: MAX_ANSWER_BYTES });
  expect(await links.resolve('qr-1')).toEqual(noAnswer('tooLarge'));
  await finished;
  expect(sentBytes).toBeLessThan(MAX_ANSWER_BYTES + BUFFER_SLACK_BYTES);
  // One that says its size (Content-Length) is refused as well.
  stub.answerWith(200, clicked('x'.repeat(MAX_ANSWER_BYTES)));
  expect(await links.resolve('qr-1')).toEqual(noAnswer('tooLarge'));
});

it('asks at most maxInFlight at once, turning the next away at once', async () => {
  const waiting: ServerResponse[] = [];
  stub.handle = (_req, res) => waiting.push(res);
  const links = linksFor({ maxInFlight: 2 });
  const first = [links.resolve('qr-1'), links.resolve('qr-2')];
  await waitUntil(() => waiting.length === 2);
  expect(await links.resolve('qr-3')).toEqual(noAnswer('busy'));
  expect(stub.received).toHaveLength(2);
  for (const res of waiting) res.writeHead(200).end(clicked('ava-martinez'));
  expect(await Promise.all(first)).toEqual([
    { kind: 'profile', profileId: 'ava-martinez' },
    { kind: 'profile', profileId: 'ava-martinez' },
  ]);
  stub.answerWith(200, clicked('bluebird-cafe'));
  expect(await links.resolve('qr-4')).toEqual({ kind: 'profile', profileId: 'bluebird-cafe' });
});

it('the breaker opens after K failures in a row and lets one probe through after the cool-down', async () => {
  let clock = 1_000;
  const links = linksFor({ breakerFailures: 3, breakerCoolDownMs: 30_000, now: () => clock });
  stub.answerWith(503, '{}');
  // Failures that an answer interrupts do not count: the row starts again.
  await links.resolve('qr-1');
  await links.resolve('qr-1');
  stub.answerWith(200, clicked('ava-martinez'));
  expect(await links.resolve('qr-1')).toMatchObject({ kind: 'profile' });
  stub.answerWith(503, '{}');
  for (let i = 0; i < 3; i += 1) {
    expect(await links.resolve('qr-1')).toEqual(noAnswer('unavailable'));
  }
  expect(stub.received).toHaveLength(6);
  expect(await links.resolve('qr-1')).toEqual(noAnswer('breakerOpen'));
  clock += 29_999;
  expect(await links.resolve('qr-1')).toEqual(noAnswer('breakerOpen'));
  expect(stub.received).toHaveLength(6);
  // The cool-down is over: one probe, which fails and opens the breaker again.
  clock += 1;
  expect(await links.resolve('qr-1')).toEqual(noAnswer('unavailable'));
  expect(await links.resolve('qr-1')).toEqual(noAnswer('breakerOpen'));
  expect(stub.received).toHaveLength(7);
  // Another cool-down; while its probe is under way, no one else is sent.
  clock += 30_000;
  let answerProbe: () => void = () => undefined;
  stub.handle = (_req, res) => {
    answerProbe = () => res.writeHead(200).end(clicked('ava-martinez'));
  };
  const probe = links.resolve('qr-1');
  await waitUntil(() => stub.received.length === 8);
  expect(await links.resolve('qr-2')).toEqual(noAnswer('breakerOpen'));
  answerProbe();
  expect(await probe).toEqual({ kind: 'profile', profileId: 'ava-martinez' });
  // The probe's answer closed it.
  stub.answerWith(200, clicked('bluebird-cafe'));
  expect(await links.resolve('qr-3')).toEqual({ kind: 'profile', profileId: 'bluebird-cafe' });
  expect(stub.received).toHaveLength(9);
});

it('the breaker counts deadlines and refused connections as failures; not a link Branch refused', async () => {
  stub.handle = () => undefined;
  const slow = linksFor({ deadlineMs: DEADLINE_MS, breakerFailures: 2, now: () => 0 });
  expect(await slow.resolve('qr-1')).toEqual(noAnswer('deadline'));
  expect(await slow.resolve('qr-1')).toEqual(noAnswer('deadline'));
  expect(await slow.resolve('qr-1')).toEqual(noAnswer('breakerOpen'));
  expect(stub.received).toHaveLength(2);

  const down = linksFor({ apiUrl: await refusingUrl(), breakerFailures: 2, now: () => 0 });
  expect(await down.resolve('qr-1')).toEqual(noAnswer('unreachable'));
  expect(await down.resolve('qr-1')).toEqual(noAnswer('unreachable'));
  expect(await down.resolve('qr-1')).toEqual(noAnswer('breakerOpen'));

  stub.answerWith(400, '{"error":{"code":400}}');
  const refusing = linksFor({ breakerFailures: 2, now: () => 0 });
  for (let i = 0; i < 3; i += 1) {
    expect(await refusing.resolve('qr-broken')).toEqual({ kind: 'failed', status: 400 });
  }
});

it('asks nothing when turned off', async () => {
  stub.answerWith(200, clicked('ava-martinez'));
  expect(await linksFor({ enabled: false }).resolve('qr-ava')).toEqual(noAnswer('off'));
  expect(stub.received).toHaveLength(0);
});
