// For the Branch client's tests (branchLinks.test.ts, branchLimits.test.ts): a stub Branch API on
// a free port that answers each request as the test says, and counts what reached it and which
// connections were cut before their answer was done.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LinkAnswer, NoAnswerReason } from './branchLinks';
import { startServer } from './images/testing';

export const TEST_BRANCH_KEY = 'key_test_gratiDemoEmulatorKey000000000000';

/** /v1/open's answer with `linkData` as its link data (a JSON string, as Branch sends it). */
export const openBody = (linkData: unknown) =>
  JSON.stringify({ session_id: '1', identity_id: '2', data: JSON.stringify(linkData) });

/** The answer for a clicked link that carries `dynamicKey`. */
export const clicked = (dynamicKey: unknown) =>
  openBody({ '+clicked_branch_link': true, dynamicKey });

export const noAnswer = (reason: NoAnswerReason): LinkAnswer => ({ kind: 'noAnswer', reason });

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface BranchStub {
  origin: string;
  /** What the stub does with each request, once its body is in; reset() answers `{}`. */
  handle: Handler;
  /** The bodies of the /v1/open requests received since reset(). */
  readonly received: URLSearchParams[];
  /** Connections closed before their answer was done, so far. */
  readonly cut: number;
  answerWith(status: number, body: string): void;
  /** Answers 200 with `body`, its first 10 characters at once, the rest one by one over `overMs`. */
  trickle(body: string, overMs: number): void;
  /** Answers 200 with `bytes` of spaces, no Content-Length; `onEnd` once the answer closes. */
  flood(bytes: number, onEnd?: (sentBytes: number) => void): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startBranchStub(): Promise<BranchStub> {
  const held = new Set<ServerResponse>();
  const received: URLSearchParams[] = [];
  let cut = 0;
  let handle: Handler = () => undefined;
  const server = await startServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/open') received.push(new URLSearchParams(body));
      held.add(res);
      res.on('close', () => {
        held.delete(res);
        if (!res.writableFinished) cut += 1;
      });
      handle(req, res);
    });
  });
  const stub: BranchStub = {
    origin: server.origin,
    get handle() {
      return handle;
    },
    set handle(next) {
      handle = next;
    },
    received,
    get cut() {
      return cut;
    },
    answerWith(status, body) {
      handle = (_req, res) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    },
    trickle(body, overMs) {
      handle = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(body.slice(0, 10));
        let sent = 10;
        const drip = setInterval(() => {
          if (res.destroyed || sent >= body.length) return clearInterval(drip);
          res.write(body.slice(sent, ++sent));
        }, overMs / body.length);
      };
    },
    flood(bytes, onEnd) {
      handle = (_req, res) => {
        let sentBytes = 0;
        // No Content-Length: the size is only known by reading.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const more = () => {
          while (sentBytes < bytes && !res.destroyed) {
            sentBytes += chunk.length;
            if (!res.write(chunk)) return;
          }
          if (!res.destroyed) res.end();
        };
        res.on('drain', more).on('close', () => onEnd?.(sentBytes));
        more();
      };
    },
    reset() {
      received.length = 0;
      stub.answerWith(200, '{}');
    },
    close: async () => {
      for (const res of held) res.destroy();
      await server.close();
    },
  };
  stub.reset();
  return stub;
}

/** Waits until `condition` holds, for at most `limitMs` (then the test's assertion says what). */
export async function waitUntil(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition() && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
