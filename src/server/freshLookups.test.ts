/** @jest-environment node */
// Fresh lookups of one profile, on a clock of the test's own: each request gets an answer asked
// for after it came, and however often they come, calls begin a gap apart.
import { FRESH_LOOKUP_GAP_MS, createFreshLookups } from './freshLookups';
import type { LookupAnswer } from './renderPage';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A stand-in API whose calls answer at once, numbered, and the time each began. */
function stubApi() {
  const began: number[] = [];
  const ask = async (): Promise<LookupAnswer> => {
    began.push(Date.now());
    return { status: 200, body: `call ${began.length}` };
  };
  return { began, ask };
}

it('asks at once when the profile was not asked lately, then waits out the gap', async () => {
  const api = stubApi();
  const fresh = createFreshLookups({ ask: api.ask, answered: () => undefined, gapMs: 1000 });
  const start = Date.now();
  expect((await fresh('ava')).body).toBe('call 1');

  // Two more after that answer: neither may have the first call's answer, both share the next.
  const second = fresh('ava');
  const third = fresh('ava');
  await jest.advanceTimersByTimeAsync(999);
  expect(api.began).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(await second).toEqual({ status: 200, body: 'call 2' });
  expect(await third).toEqual({ status: 200, body: 'call 2' });
  expect(api.began).toEqual([start, start + 1000]);

  // Another profile is not held up by this one's gap.
  expect((await fresh('bea')).body).toBe('call 3');
});

it('makes one call a gap (1 s in the server) however many come: 20 a second for 10 s are 11 calls', async () => {
  const api = stubApi();
  const answered: string[] = [];
  const fresh = createFreshLookups({
    ask: api.ask,
    answered: (_id, answer) => answered.push(answer.body),
    gapMs: FRESH_LOOKUP_GAP_MS,
  });
  const start = Date.now();
  const requests: { at: number; answer: Promise<LookupAnswer> }[] = [];
  for (let n = 0; n < 200; n += 1) {
    requests.push({ at: Date.now(), answer: fresh('ava') });
    await jest.advanceTimersByTimeAsync(50);
  }
  await jest.advanceTimersByTimeAsync(FRESH_LOOKUP_GAP_MS);

  expect(api.began.length).toBeLessThanOrEqual(11);
  // Each call began a gap after the one before, and every request's answer began after it came.
  const gaps = api.began.slice(1).map((at, n) => at - api.began[n]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(FRESH_LOOKUP_GAP_MS);
  for (const { at, answer } of requests) {
    const call = Number((await answer).body.replace('call ', ''));
    expect(api.began[call - 1]).toBeGreaterThanOrEqual(at);
  }
  expect(answered).toHaveLength(api.began.length);
  expect(api.began[0]).toBe(start);
});
