// Starting a local server for a test or benchmark run: a free port, its own process group, and
// waiting until it answers. Used by e2e/globalSetup.ts, e2e/server.spec.ts, e2e-firefox/harness.ts,
// e2e-webkit/ and the bench (bench/harness.ts, bench/processes.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
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

/** Leads a server's process group and ends it once the process that started it is gone. */
const GROUP_GUARD = path.join(__dirname, 'groupGuard.cjs');

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
  if (child.exitCode !== null) return;
  killGroup(child, signal);
}

/** Sends `signal` to the group `child` led, even once the leader is gone (its children stay). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** `npm run preview` on `port` over `dataDir`, without its request log (CI=true). */
export function previewCommand(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: 'npm',
    args: ['run', '--silent', 'preview'],
    env: { ...process.env, PORT: String(port), MOCK_DATA_DIR: dataDir, CI: 'true', ...env },
  };
}

/**
 * `npm run serve` (package.json), `NAME=value ... node --option ... dist-server/server.js` taken
 * apart, as the node binary's own command line: without npm or a shell, its pid is the server's.
 * `env` comes on top of the script's.
 */
export function productionServerCommand(env: Record<string, string>) {
  const root = path.join(__dirname, '..');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const words = pkg.scripts.serve.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || words.at(-1) !== 'dist-server/server.js') {
    throw new Error(`npm run serve is not "NAME=value ... node ... dist-server/server.js"`);
  }
  const serveEnv = Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2)));
  return {
    command: process.execPath,
    args: [...words.slice(node + 1, -1), path.join(root, 'dist-server', 'server.js')],
    env: { ...process.env, ...serveEnv, ...env },
  };
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when it ended. */
  at: number;
}

/** A process started by startGroupProcess: the leader of its own process group. */
export interface GroupProcess {
  name: string;
  pid: number;
  port: number;
  baseUrl: string;
  /** Everything it printed (stdout and stderr). */
  logFile: string;
  /** How it ended before it was stopped or signalled, or null while it runs. */
  exitedEarly: () => string | null;
  exited: Promise<ProcessExit>;
  /** SIGTERM to this process only (a deliberate stop, not an early exit). */
  terminate: () => Promise<ProcessExit>;
  /** SIGTERM to the whole group, SIGKILL after 5 s; resolves once it has ended. */
  stop: () => Promise<void>;
}

export interface GroupProcessOptions {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  logFile: string;
  /** Whether it is ready yet, asked every 200 ms for up to 60 s. */
  ready: (baseUrl: string) => Promise<boolean>;
  /** The host of its baseUrl (default 127.0.0.1). */
  host?: string;
}

/**
 * Starts a command in its own process group with its output in `logFile`, and resolves once
 * `ready` says so. It is stopped by its own group id, never by name (the bench's servers, nginx).
 */
export async function startGroupProcess(options: GroupProcessOptions): Promise<GroupProcess> {
  const log = createWriteStream(options.logFile);
  const child = spawn(options.command, options.args, {
    cwd: path.join(__dirname, '..'),
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  let expected = false;
  let earlyExit: string | null = null;
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!expected)
        earlyExit = `exited with ${signal ?? `code ${code}`} at ${new Date().toISOString()}`;
      resolve({ code, signal, at: Date.now() });
    }),
  );
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      expected = true;
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
        // Whatever the leader left behind in its group (npm's children, nginx's workers).
        killGroup(child, 'SIGKILL');
      }
      log.end();
    })();
    return stopping;
  };
  const terminate = () => {
    expected = true;
    try {
      if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
    } catch {
      // already gone: `exited` has resolved or is about to
    }
    return exited;
  };
  await spawned;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (earlyExit) throw new Error(`${options.name} ${earlyExit} before it was ready`);
      if (await options.ready(baseUrl).catch(() => false)) break;
      if (Date.now() > deadline) throw new Error(`${options.name} was not ready within 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    const text = await readFile(options.logFile, 'utf8').catch(() => '');
    throw new Error(`${(error as Error).message}; its log:\n${text.slice(-3000)}`);
  }
  const { name, port, logFile } = options;
  const exitedEarly = () => earlyExit;
  return { name, pid: child.pid!, port, baseUrl, logFile, exitedEarly, exited, terminate, stop };
}

export interface PreviewServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The group's leader, scripts/groupGuard.cjs: it ends as the server did. */
  child: ChildProcess;
  /**
   * Ends the server's process group (its guard, npm, tsx and node under it) and removes its data
   * folder (unless the caller gave the folder: then it stays).
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
  const { command, args, env } = previewCommand(port, dataDir, options.env);
  // Led by groupGuard.cjs, which holds the other end of a pipe from this process: should this one
  // die without stopping it (a Playwright killed mid-run), the guard ends the group.
  const printed = options.onOutput ? 'pipe' : 'inherit';
  const child = spawn(process.execPath, [GROUP_GUARD, command, ...args], {
    cwd: path.join(__dirname, '..'),
    env,
    stdio: ['pipe', printed, printed],
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
