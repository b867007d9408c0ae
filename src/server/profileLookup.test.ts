/** @jest-environment node */
// The server's profile lookup over real HTTP against a stub API whose connections fail: one
// dropped connection is asked again, a down API and an API error are not.
import { LookupFailedError, createProfileLookup, type ProfileLookupOptions } from './profileLookup';
import { startServer, type TestServer } from './images/testing';

const ANSWER = JSON.stringify({ data: { data: { userDetails: { _id: 'ava-martinez' } } } });

let api: TestServer;
/** What the stub does with each findUser it receives, in turn (then: answer). */
let plan: ('drop' | 'answer' | 'error')[] = [];
let received = 0;

beforeAll(async () => {
  api = await startServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      const next = plan.shift() ?? 'answer';
      // The connection goes with no answer, as a keep-alive socket closed under a request.
      if (next === 'drop') res.socket?.destroy();
      else if (next === 'error') res.writeHead(500).end('{"error":"boom"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER);
    });
  });
});

afterAll(() => api.close());

beforeEach(() => {
  plan = [];
  received = 0;
});

const lookupFor = (options: Partial<ProfileLookupOptions> = {}) =>
  createProfileLookup({ apiBaseUrl: `${api.origin}/api`, guestToken: 'guest-token', ...options });

it('asks once more when the connection drops with no answer, and serves that answer', async () => {
  plan = ['drop'];
  const { answer } = await lookupFor().lookup('ava-martinez');
  expect(answer).toEqual({ status: 200, body: ANSWER });
  expect(received).toBe(2);
});

it('fails after the second dropped connection: the page degrades to its shell', async () => {
  plan = ['drop', 'drop', 'answer'];
  await expect(lookupFor().lookup('ava-martinez')).rejects.toThrow(LookupFailedError);
  expect(received).toBe(2);
});

it('does not ask again when the API answers an error', async () => {
  plan = ['error'];
  await expect(lookupFor().lookup('ava-martinez')).rejects.toThrow('findUser answered 500');
  expect(received).toBe(1);
});

it('fails at once for an API that refuses connections (both tries refused)', async () => {
  const down = lookupFor({ apiBaseUrl: 'http://127.0.0.1:9/api' });
  const started = Date.now();
  await expect(down.lookup('ava-martinez')).rejects.toThrow('findUser the API is unreachable');
  // Refused twice at once: no deadline waited for.
  expect(Date.now() - started).toBeLessThan(2000);
});

it('asks the API for a few distinct profiles at once, lets a few more wait, and refuses the rest at once', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let inFlight = 0;
  let mostInFlight = 0;
  const fetchFn: typeof fetch = async () => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await held;
    inFlight -= 1;
    return new Response(ANSWER, { status: 200 });
  };
  const lookup = lookupFor({
    apiBaseUrl: 'http://api.invalid/api',
    fetchFn,
    concurrency: 4,
    maxWaiting: 8,
    timeoutMs: 60_000,
  });
  const outcomes = Array.from({ length: 20 }, (_, n) =>
    lookup.lookup(`profile-${n}`).then(
      () => 'answered',
      (error: unknown) => error,
    ),
  );
  // The 8 past the 4 asking and the 8 waiting are refused without waiting for anything.
  const refused = await Promise.all(outcomes.slice(12));
  for (const error of refused) {
    expect(error).toBeInstanceOf(LookupFailedError);
    expect((error as Error).message).toMatch(/not asked/);
  }
  release();
  expect(await Promise.all(outcomes.slice(0, 12))).toEqual(Array(12).fill('answered'));
  expect(mostInFlight).toBe(4);
});
