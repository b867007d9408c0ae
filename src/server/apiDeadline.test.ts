/** @jest-environment node */
// The production server's real profile lookup against a stub API that trickles for minutes or
// sends 200 MB, while garbage collections run as the server's idle gc() would (main.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LOOKUP_MAX_ANSWER_BYTES, LOOKUP_TIMEOUT_MS, createProfileLookup } from './profileLookup';
import type { TestServer } from './images/testing';
import { serverAppBefore, tempBuild, testBuild } from './testing';

// gc() as `node --expose-gc` gives it, for this test process.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const TRICKLE_SECONDS = 120;
const HUGE_ANSWER_BYTES = 200 * 1024 * 1024;
/** What sockets and stream buffers may hold beyond the cap before the server stops reading. */
const BUFFER_SLACK_BYTES = 32 * 1024 * 1024;

describe('the profile lookup against a misbehaving API', () => {
  const build = testBuild(() => tempBuild('grati-deadline-'));
  let server: TestServer;
  /** Bytes of the 200 MB answer the API handed to its socket before it was closed. */
  let hugeBytesSent = 0;
  let hugeDone: Promise<void>;
  let hugeEnded: () => void = () => undefined;
  let collecting: ReturnType<typeof setInterval> | undefined;

  beforeAll(async () => {
    hugeDone = new Promise((resolve) => (hugeEnded = resolve));
    // Its close() ends every answer still under way.
    const api = await build.serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { _id: id } = JSON.parse(body) as { _id: string };
        if (id === 'silent') return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        if (id === 'trickle') {
          let sent = 0;
          const trickle = setInterval(() => {
            sent += 1;
            if (sent >= TRICKLE_SECONDS) {
              clearInterval(trickle);
              res.end(' ');
            } else res.write(' ');
          }, 1000);
          res.on('close', () => clearInterval(trickle));
        } else {
          // 200 MB, as fast as the server reads, with no Content-Length.
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          let queued = 0;
          const more = () => {
            while (queued < HUGE_ANSWER_BYTES && !res.destroyed) {
              queued += chunk.length;
              const ok = res.write(chunk, (error) => {
                if (!error) hugeBytesSent += chunk.length;
              });
              if (!ok) return;
            }
            if (!res.destroyed) res.end();
          };
          res.on('drain', more);
          res.on('close', () => hugeEnded());
          more();
        }
      });
    });
    const { app } = serverAppBefore(
      api.origin,
      build.dir,
      createProfileLookup({ apiBaseUrl: `${api.origin}/api`, guestToken: 'guest-token' }),
    );
    server = await build.serve(app);
    // As often as the idle gc() would collect several times.
    collecting = setInterval(gc, 100);
  });

  afterAll(() => clearInterval(collecting));

  it.each([
    // Two guests on one profile: the second waits on the first one's lookup.
    ['the answer trickles, to every request waiting on it', 'trickle', 2],
    ['not even the headers come', 'silent', 1],
  ])(
    'gives the page at the deadline when %s',
    async (_case, id, guests) => {
      const started = Date.now();
      const pages = await Promise.all(
        Array.from({ length: guests }, () => fetch(`${server.origin}/user_profile/${id}`)),
      );
      const waitedMs = Date.now() - started;
      // As when the API is down: the shell, and a retry hint.
      for (const page of pages) {
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).not.toBeNull();
        expect(await page.text()).toContain('<div id="root">');
      }
      // At the deadline, not when the body ends minutes later; a generous margin.
      expect(waitedMs).toBeGreaterThanOrEqual(LOOKUP_TIMEOUT_MS - 100);
      expect(waitedMs).toBeLessThan((TRICKLE_SECONDS * 1000) / 4);
    },
    60_000,
  );

  it('stops reading a 200 MB answer at its cap, and stays healthy meanwhile', async () => {
    const page = fetch(`${server.origin}/user_profile/huge`);
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const answered = await page;
    expect(answered.status).toBe(503);
    await answered.text();
    await hugeDone;
    expect(hugeBytesSent).toBeLessThan(LOOKUP_MAX_ANSWER_BYTES + BUFFER_SLACK_BYTES);
  }, 60_000);
});
