import childProcess from 'node:child_process';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { bundleBrowserScript } from './bundleBrowserScript';

let dir: string;
let entry: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grati-browser-script-'));
  entry = path.join(dir, 'index.ts');
  await writeFile(
    entry,
    "import { greeting } from './greeting';\n(window as any).said = greeting('Ava');\n",
  );
  await writeGreeting('`Hello, ${name}`');
});

afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes a source file, dated `secondsAgo` back (a later edit gets a later time). */
async function write(name: string, text: string, secondsAgo = 60): Promise<void> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const time = Date.now() / 1000 - secondsAgo;
  await utimes(file, time, time);
}
const writeGreeting = (returned: string, secondsAgo?: number) =>
  write(
    'greeting.ts',
    `export const greeting = (name: string): string => ${returned};\n`,
    secondsAgo,
  );

/** What the script leaves on `window` when a page runs it. */
function run(code: string): unknown {
  const window: Record<string, unknown> = {};
  runInNewContext(code, { window });
  return window.said;
}

it('bundles an entry and its imports into one classic script', async () => {
  const code = await bundleBrowserScript(entry);
  expect(code).not.toMatch(/\b(import|export|require)\b/);
  expect(run(code)).toBe('Hello, Ava');
});

it('builds once while the sources stay as they are, and again when one changes', async () => {
  const spawned = jest.spyOn(childProcess, 'execFile');
  try {
    await bundleBrowserScript(entry);
    await Promise.all([bundleBrowserScript(entry), bundleBrowserScript(entry)]);
    expect(spawned).toHaveBeenCalledTimes(1);

    await writeGreeting('`Hi, ${name}`', 0);
    const [first, second] = await Promise.all([
      bundleBrowserScript(entry),
      bundleBrowserScript(entry),
    ]);
    expect(run(first)).toBe('Hi, Ava');
    expect(second).toBe(first);
    expect(spawned).toHaveBeenCalledTimes(2);
  } finally {
    spawned.mockRestore();
  }
});

it('rejects with esbuild’s message, and builds again once the error is fixed', async () => {
  await write('greeting.ts', 'export const greeting = (name: string =>;\n', 30);
  await expect(bundleBrowserScript(entry)).rejects.toThrow(/Could not bundle .*index\.ts/);
  await writeGreeting("'Hey ' + name", 0);
  expect(run(await bundleBrowserScript(entry))).toBe('Hey Ava');
});
