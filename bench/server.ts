// The production build and the server under test, started exactly as e2e/globalSetup.ts does:
// `npm run --silent preview` on a free port with its own data dir, in its own process group.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { freePort, signalGroup, waitForUp } from '../scripts/serverProcess';

export const ROOT = path.join(__dirname, '..');

/** Runs a command in the repository; its output goes to `logFile`, and to the error on failure. */
export function runLogged(command: string, args: string[], logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const tail: string[] = [];
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      tail.push(chunk.toString());
      if (tail.length > 40) tail.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => {
      log.end();
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${tail.join('')}`));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** How the server process ended before `stop` was called, or null while it runs. */
  exitedEarly: () => string | null;
  stop: () => Promise<void>;
}

/** Starts `npm run --silent preview` on a free port over `dataDir` (logs to `logFile`). */
export async function startPreview(dataDir: string, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const log = createWriteStream(logFile);
  const child = spawn('npm', ['run', '--silent', 'preview'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), MOCK_DATA_DIR: dataDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let stopped = false;
  let earlyExit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopped)
        earlyExit = `exited with ${signal ?? `code ${code}`} at ${new Date().toISOString()}`;
      resolve();
    }),
  );
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.pid && child.exitCode === null) {
      signalGroup(child);
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
  };
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForUp(`${baseUrl}/`, Date.now() + 60_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, logFile, exitedEarly: () => earlyExit, stop };
}
