// Starting a local server for a test or benchmark run: a free port, and waiting until it answers.
// Used by e2e/globalSetup.ts and bench/server.ts.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; fails when `child` exits first or the deadline passes. */
export async function waitForUp(
  url: string,
  deadline: number,
  child?: ChildProcess,
): Promise<void> {
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}) before ${url} answered`);
    }
    try {
      // Each try gives up after 2 s: a server that accepts but never answers must not hang us.
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
