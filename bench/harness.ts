// What every section borrows from the run: its log, its steps (a step that fails is named at the
// end and skipped, the others still run), Chromium, and the servers and processes it starts,
// stopped by the clean-up whatever happens (also on Ctrl-C).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import {
  freePort,
  previewCommand,
  startGroupProcess,
  type GroupProcess,
} from '../scripts/serverProcess';
import { CHROME_FLAGS, CHROMIUM } from './browser';
import type { SectionOutcome } from './reporter';

export const ROOT = path.join(__dirname, '..');

/** One section of the bench: what it measures, and its figures against their targets. */
export interface Section {
  /** Its name for BENCH_ONLY. */
  name: string;
  /** It runs on the preview the Lighthouse, phone and API sections share (sharedPreview). */
  sharedPreview?: boolean;
  run: (h: Harness) => Promise<SectionOutcome>;
}

export class Harness {
  readonly started = Date.now();
  readonly errors: { section: string; message: string }[] = [];
  /** What the run measured with, for the machine line (Chromium, as launched). */
  readonly versions = new Set<string>();
  /** Things to undo, newest first. */
  private readonly cleanups: (() => Promise<void>)[] = [];
  /** Every process started, for its log when a step fails. */
  private readonly processes: (GroupProcess & { errorLog?: string })[] = [];
  private shared: Promise<{ server: GroupProcess; dataDir: string }> | null = null;
  /** The shared preview outlives the section that started it (stopSharedPreview stops it). */
  private sharedServer: GroupProcess | null = null;

  constructor(readonly tmp: string) {}
  log = (message: string) =>
    console.log(
      `[bench ${((Date.now() - this.started) / 1000).toFixed(0).padStart(4)} s] ${message}`,
    );
  /** Runs one step; a failure is recorded (the step's figures are missing) and gives null. */
  step = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
    this.log(`${name}...`);
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      this.errors.push({ section: name, message });
      console.error(`[bench] ${name} failed:\n${message}`);
      return null;
    }
  };
  /** Runs `work` with `undo` as a clean-up (for Ctrl-C), and undoes it when `work` is done. */
  async using<T>(undo: () => Promise<void>, work: () => Promise<T>): Promise<T> {
    this.cleanups.push(undo);
    try {
      return await work();
    } finally {
      this.cleanups.splice(this.cleanups.indexOf(undo), 1);
      await undo();
    }
  }
  withBrowser = async <T>(work: (browser: Browser) => Promise<T>): Promise<T> => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Playwright sets headless itself.
      args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
    });
    this.versions.add(`Chromium ${browser.version()}`);
    return this.using(
      () => browser.close(),
      () => work(browser),
    );
  };
  /** A process to stop at the clean-up (or earlier with `stop`), its log kept for errors. */
  track = <P extends GroupProcess>(process: P): P => {
    this.processes.push(process);
    this.cleanups.push(process.stop);
    return process;
  };
  stop = async (process: GroupProcess): Promise<void> => {
    const index = this.cleanups.indexOf(process.stop);
    if (index >= 0) this.cleanups.splice(index, 1);
    await process.stop();
  };
  /** Stops every process `work` started, newest first, when it ends (a section's own). */
  async scoped<T>(work: () => Promise<T>): Promise<T> {
    const before = this.processes.length;
    try {
      return await work();
    } finally {
      const own = this.processes.slice(before).filter((p) => p !== this.sharedServer);
      for (const process of own.reverse()) await this.stop(process);
    }
  }
  /** `npm run --silent preview` (the build and the mock API) on a free port over `dataDir`. */
  startPreview = async (dataDir: string, logName: string): Promise<GroupProcess> => {
    const port = await freePort();
    const { command, args, env } = previewCommand(port, dataDir);
    const server = await startGroupProcess({
      name: `the preview server (${logName})`,
      command,
      args,
      env,
      port,
      host: 'localhost',
      logFile: path.join(this.tmp, `${logName}.log`),
      ready: async (baseUrl) => (await fetch(`${baseUrl}/`)).ok,
    });
    return this.track(server);
  };
  /** The preview the Lighthouse, phone and API sections share, in that order (one data dir). */
  sharedPreview(): Promise<{ server: GroupProcess; dataDir: string }> {
    this.shared ??= (async () => {
      const dataDir = path.join(this.tmp, 'data');
      await mkdir(dataDir, { recursive: true });
      const server = await this.startPreview(dataDir, 'preview');
      this.sharedServer = server;
      this.log(`preview server on ${server.baseUrl} (data ${dataDir})`);
      return { server, dataDir };
    })();
    return this.shared;
  }
  async stopSharedPreview(): Promise<void> {
    const shared = this.shared;
    this.shared = null;
    this.sharedServer = null;
    if (shared) await this.stop((await shared).server);
  }
  /** Stops a step early, with the reason, when its server is gone. */
  assertAlive(server: GroupProcess): void {
    const exit = server.exitedEarly();
    if (exit) throw new Error(`${server.name} on ${server.baseUrl} ${exit}`);
  }
  /** The end of each process's log (they live in the temp dir, which the clean-up removes). */
  async printLogs(): Promise<void> {
    for (const process of this.processes) {
      const how = process.exitedEarly() ?? 'stopped by the bench';
      for (const file of [process.logFile, ...(process.errorLog ? [process.errorLog] : [])]) {
        const tail = await tailOf(file);
        console.log(`\n--- ${path.basename(file)} (${how}), last lines ---\n${tail || '(empty)'}`);
      }
    }
  }
  async cleanUp(): Promise<void> {
    while (this.cleanups.length > 0) {
      const undo = this.cleanups.pop()!;
      try {
        await undo();
      } catch (error) {
        console.error('[bench] clean-up step failed:', error);
      }
    }
  }
}

/** The last `lines` lines of a log file ('' when it is gone). */
const tailOf = async (file: string, lines = 40) =>
  (await readFile(file, 'utf8').catch(() => '')).trimEnd().split('\n').slice(-lines).join('\n');

/** Runs a command in the repository; its output goes to `logFile`, and its end to the error on
 * failure. */
export async function runLogged(command: string, args: string[], logFile: string): Promise<void> {
  const log = await open(logFile, 'w');
  try {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', log.fd, log.fd] });
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0) {
      throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${await tailOf(logFile)}`);
    }
  } finally {
    await log.close();
  }
}
