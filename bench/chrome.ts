// Debian's Chromium, headless, for Lighthouse (which drives it over the DevTools port) and for
// Playwright (the scripted parts). Lighthouse gets a fresh profile per run, as its CLI does.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** What chrome-launcher (Lighthouse's own launcher) adds so nothing else competes for the CPU. */
const QUIET_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,' +
    'InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,' +
    'AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
];

export interface LaunchedChrome {
  port: number;
  kill: () => Promise<void>;
}

/** Starts Chromium with a DevTools port and a throw-away profile. */
export async function launchChrome(): Promise<LaunchedChrome> {
  const profile = await mkdtemp(path.join(tmpdir(), 'grati-bench-chrome-'));
  const child = spawn(
    CHROMIUM,
    [
      ...CHROME_FLAGS,
      ...QUIET_FLAGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => reject(new Error(`Chromium gave no DevTools port:\n${seen}`)),
        30_000,
      );
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
        if (match) {
          clearTimeout(timer);
          seen = '';
          // Keep draining stderr (unread) so Chromium never blocks on a full pipe.
          child.stderr?.removeAllListeners('data');
          child.stderr?.resume();
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before it listened:\n${seen}`));
      });
    });
    return { port, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}

/**
 * For Playwright contexts: tsx compiles the bench with esbuild's keepNames, so a function handed
 * to page.evaluate may call `__name(fn, "name")`, which the page does not have. This defines it.
 */
export const KEEP_NAMES_SHIM = {
  content: 'globalThis.__name = globalThis.__name || ((fn) => fn);',
};
