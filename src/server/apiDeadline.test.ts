/** @jest-environment node */
// The production server's real profile lookup against a stub API that trickles for minutes or
// sends 200 MB, while garbage collections run as the server's idle gc() would (main.ts).
import { rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LOOKUP_MAX_ANSWER_BYTES, LOOKUP_TIMEOUT_MS, createProfileLookup } from './profileLookup';
import { startServer, type TestServer } from './images/testing';
import { serverAppBefore, tempBuild } from './testing';

// gc() as `node --expose-gc` gives it, for this test process.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Long enough that an answer ending with the body would be a minute late. */
const TRICKLE_SECONDS = 120;
const HUGE_ANSWER_BYTES = 200 * 1024 * 1024;
/** What sockets and stream buffers may hold beyond the cap before the server stops reading. */
const BUFFER_SLACK_BYTES = 32 * 1024 * 1024;

describe('the profile lookup against a misbehaving API', () => {
  let distDir: string;
  let api: TestServer;
  let server: TestServer;
  const answers = new Set<ServerResponse>();
  /** Bytes of the 200 MB answer the API managed to hand to its socket before it was closed. */
  let hugeBytesSent = 0;
  let hugeDone: Promise<void>;
  let hugeEnded: () => void = () => undefined;
  let collecting: ReturnType<typeof setInterval> | undefined;

  beforeAll(async () => {
    distDir = tempBuild('grati-deadline-');
    hugeDone = new Promise((resolve) => (hugeEnded = resolve));
    api = await startServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { _id: id } = JSON.parse(body) as { _id: string };
        answers.add(res);
        res.on('close', () => answers.delete(res));
        // No answer at all: not even its headers.
        if (id === 'silent') return;
        // findUser's headers at once, then its body...
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        if (id === 'trickle') {
          // ...one byte a second, for minutes.
          let sent = 0;
          const trickle = setInterval(() => {
            sent += 1;
            if (sent >= TRICKLE_SECONDS || res.destroyed) {
              clearInterval(trickle);
              res.end(' ');
            } else res.write(' ');
          }, 1000);
          res.on('close', () => clearInterval(trickle));
        } else {
          // ...200 MB of it, as fast as the server reads (no Content-Length: it is not announced).
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
      distDir,
      // The server's own lookup, with its default deadline and cap.
      createProfileLookup({ apiBaseUrl: `${api.origin}/api`, guestToken: 'guest-token' }),
    );
    server = await startServer(app);
    // Collections all along, as often as the idle gc() would do several.
    collecting = setInterval(gc, 100);
  });

  afterAll(async () => {
    clearInterval(collecting);
    for (const res of answers) res.destroy();
    await Promise.all([server?.close(), api?.close()]);
    rmSync(distDir, { recursive: true, force: true });
  });

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
      // As when the API is down: the shell, for the browser to render the page, and a retry hint.
      for (const page of pages) {
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).not.toBeNull();
        expect(await page.text()).toContain('<div id="root">');
      }
      // Answered at the deadline, not when the body ends (minutes later); a generous margin.
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
    // The API's socket was closed long before 200 MB: only the cap and buffers were taken.
    await hugeDone;
    expect(hugeBytesSent).toBeLessThan(LOOKUP_MAX_ANSWER_BYTES + BUFFER_SLACK_BYTES);
  }, 60_000);
});
