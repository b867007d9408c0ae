// Builds an emulator's browser script (a TypeScript entry under browser/) into the one classic
// script a page loads, with esbuild (the one tsx runs on): on the first request, then again only
// when one of its source files has changed, so `npm start` serves an edit on the next page load.
//
// esbuild runs as its command, not through its JS API: the API cannot run inside Jest's jsdom
// environment (an invariant on TextEncoder and Uint8Array, from two realms), where tests start
// the mock API before loading these scripts into the page; and the command starts in a fraction
// of the time Node takes to load the API.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NextFunction, Response } from 'express';

/** esbuild's command: its native binary (or, on some installs, a Node script that runs it). */
const ESBUILD = require.resolve('esbuild/bin/esbuild');

/** Current Chromium and Firefox ESR, and jsdom, with room to spare. */
const TARGET = 'es2019';

interface Bundle {
  code: string;
  /** Each source file's modification time when it was built. */
  inputs: [file: string, mtimeMs: number][];
}

const bundles = new Map<string, Promise<Bundle>>();

/** The bundled script of `entry` (an absolute path). */
export async function bundleBrowserScript(entry: string): Promise<string> {
  const cached = bundles.get(entry);
  const bundle = await cached?.catch(() => undefined);
  if (bundle && (await unchanged(bundle))) return bundle.code;
  // The first request to find it stale (or failed) builds; the others wait for that build.
  let latest = bundles.get(entry);
  if (!latest || latest === cached) {
    latest = build(entry);
    bundles.set(entry, latest);
  }
  return (await latest).code;
}

/** Answers with the bundled script of `entry`; a failed build goes to Express's error handler. */
export function sendBrowserScript(res: Response, entry: string, next: NextFunction): void {
  bundleBrowserScript(entry).then(
    (code) => res.type('application/javascript').send(code),
    (error: unknown) => next(error),
  );
}

async function build(entry: string): Promise<Bundle> {
  const cwd = path.dirname(entry);
  const out = await mkdtemp(path.join(tmpdir(), 'grati-browser-script-'));
  try {
    const script = path.join(out, 'script.js');
    const metafile = path.join(out, 'meta.json');
    await esbuild(cwd, [
      entry,
      '--bundle',
      '--format=iife',
      '--platform=browser',
      `--target=${TARGET}`,
      `--outfile=${script}`,
      `--metafile=${metafile}`,
      '--log-level=error',
    ]).catch((error: Error) => {
      throw new Error(`Could not bundle ${entry}: ${error.message}`);
    });
    const meta = JSON.parse(await readFile(metafile, 'utf8')) as { inputs: object };
    // The metafile names the sources relative to esbuild's working directory.
    const files = Object.keys(meta.inputs).map((input) => path.resolve(cwd, input));
    const times = await Promise.all(files.map(mtime));
    return {
      code: await readFile(script, 'utf8'),
      inputs: files.map((file, i) => [file, times[i] ?? NaN]),
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** Runs esbuild; rejects with what it printed when it fails. */
function esbuild(cwd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(ESBUILD, args, { cwd }, (error, _stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || error.message));
      else resolve();
    });
  });
}

async function unchanged(bundle: Bundle): Promise<boolean> {
  const times = await Promise.all(bundle.inputs.map(([file]) => mtime(file)));
  return bundle.inputs.every(([, mtimeMs], i) => times[i] === mtimeMs);
}

/** NaN for a file that is gone (never equal to anything: the bundle is rebuilt). */
function mtime(file: string): Promise<number> {
  return stat(file).then(
    (stats) => stats.mtimeMs,
    () => NaN,
  );
}
