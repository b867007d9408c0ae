// The WebKit suite's programs, all Debian's: Xvfb, and WebKitWebDriver (which starts a MiniBrowser
// per session); xdotool presses the browser's own keys.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { freePort, signalGroup, START_BUDGET_MS, waitForUp } from '../scripts/serverProcess';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';
export const XDOTOOL = process.env.XDOTOOL_PATH ?? '/usr/bin/xdotool';

/** A program in a process group of its own (the browsers go with the driver). */
export interface Program {
  child: ChildProcess;
  /** Ends the whole group; synchronous (for exit handlers) and safe to repeat. */
  stop: () => void;
}

function started(child: ChildProcess): Program {
  return { child, stop: () => signalGroup(child) };
}

function tail(stream: Readable | null): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text = (text + chunk).slice(-2000);
  });
  return () => text.trim();
}

/** Xvfb picks a free display number itself (-displayfd 3): two runs never collide. */
export async function startXvfb(): Promise<Program & { display: string }> {
  const child = spawn(
    XVFB,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true },
  );
  const program = started(child);
  const stderr = tail(child.stderr);
  try {
    const display = await new Promise<string>((resolve, reject) => {
      let written = '';
      const timer = setTimeout(() => reject(new Error('Xvfb gave no display')), START_BUDGET_MS);
      (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
        written += chunk.toString();
        if (written.includes('\n')) {
          clearTimeout(timer);
          resolve(`:${written.trim()}`);
        }
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Xvfb exited (${code}): ${stderr()}`));
      });
    });
    return { ...program, display };
  } catch (error) {
    program.stop();
    throw error;
  }
}

export async function startWebKitDriver(display: string): Promise<Program & { port: number }> {
  const port = await freePort();
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const program = started(child);
  const stderr = tail(child.stderr);
  const failed = once(child, 'error');
  try {
    await Promise.race([
      waitForUp(`http://127.0.0.1:${port}/status`, Date.now() + START_BUDGET_MS, child),
      failed.then(([error]) => Promise.reject(error as Error)),
    ]);
  } catch (error) {
    program.stop();
    throw new Error(`WebKitWebDriver did not start: ${stderr()}`, { cause: error });
  }
  return { ...program, port };
}
