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
