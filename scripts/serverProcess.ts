// Starting a local server for a test or benchmark run: a free port, and waiting until it answers.
// Used by e2e/globalSetup.ts, e2e-firefox/harness.ts, e2e-webkit/ and bench/server.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/** How long a server may take to come up: sized for a machine several times slower. */
export const START_BUDGET_MS = 180_000;

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

/** Sends `signal` to the process group `child` leads (npm, tsx and node under it), if it runs. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export interface PreviewServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /**
   * Ends the server's process group (npm, tsx and node under it) and removes its data folder
   * (unless the caller gave the folder: then it stays).
   */
  stop: () => void;
  /**
   * Sends `signal` to the whole process group (SIGKILL: as a crash or the OOM killer would) and
   * resolves once the server no longer answers. The data folder stays, for a restart on it.
   */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export interface PreviewOptions {
  /** Serve this data folder (the caller's: it outlives the server) instead of a fresh temp one. */
  dataDir?: string;
  /** Listen on this port rather than a free one (a restart keeps the page's origin). */
  port?: number;
  /** More environment for the server (e.g. MOCK_API_LOG=1: its request log on under CI). */
  env?: Record<string, string>;
  /** Told everything the server prints (stdout and stderr) instead of this process's console. */
  onOutput?: (text: string) => void;
}

/**
 * `npm run preview` (the production build with the mock API in front of it) on a free port with a
 * temporary data folder, once it answers: the browser suites' server (Chromium, Firefox, WebKit). A
 * restart test passes the `dataDir` and `port` of the server it killed.
 */
export async function startPreview(
  label: string,
  options: PreviewOptions = {},
): Promise<PreviewServer> {
  const port = options.port ?? (await freePort());
  const ownsData = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), `${label}-`)));
  const child = spawn('npm', ['run', '--silent', 'preview'], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, PORT: String(port), MOCK_DATA_DIR: dataDir, CI: 'true', ...options.env },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit'],
    detached: true,
  });
  for (const output of [child.stdout, child.stderr]) {
    if (options.onOutput) output?.setEncoding('utf8').on('data', options.onOutput);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    signalGroup(child);
    if (ownsData) rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    stopped = true;
    signalGroup(child, signal);
    await exited;
    await waitForDown(`${baseUrl}/`, Date.now() + START_BUDGET_MS);
  };
  try {
    // tsx compiles the mock API and the server as it starts: seconds on a fast machine, over 30 s
    // on a loaded one (test:stress -- --slow beside other work). A dead server fails at once.
    await waitForUp(`${baseUrl}/`, Date.now() + START_BUDGET_MS, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, port, dataDir, child, stop, kill };
}

/** Resolves once nothing answers at `url` any more (the whole process group is gone). */
async function waitForDown(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000), headers: { Connection: 'close' } });
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} still answers`);
}
