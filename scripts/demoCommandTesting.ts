// For the tests of what the demo's commands print in a terminal (scripts/demoCommands.test.ts,
// e2e/demo-banner.spec.ts, e2e/any-address.spec.ts): a command run as a person runs it (a real
// process, the leader of its own process group), its output kept, and what the banner
// (scripts/demoBanner.ts) should end with.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { SEED_FILE } from '../mock-api/db/store';
import { waitForUp } from './serverProcess';

const ROOT = path.join(__dirname, '..');
/** A webpack dev build takes 30 to 60 s here, and several times that on a loaded machine. */
export const START_BUDGET_MS = 240_000;

const { demoProfiles } = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as {
  demoProfiles: { id: string; shows: string }[];
};

export interface Command {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once it has exited and its output has all been read. */
  closed: Promise<number | null>;
}

/** `npm <args>` in its own process group, its output kept apart (stdout, stderr). */
export function npm(args: string[], env: Record<string, string>): Command {
  const child = spawn('npm', args, {
    cwd: ROOT,
    // npm's own notices (a newer npm) are no part of what the command prints.
    env: { ...process.env, npm_config_update_notifier: 'false', MOCK_API_LOG: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, stdout: () => stdout, stderr: () => stderr, closed };
}

/** Ends the command's whole process group (npm, tsx, node) and waits until it has. */
export async function stop(command: Command): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-command.child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await command.closed;
  clearTimeout(timer);
  signal('SIGKILL');
}

/** Resolves once `command` has printed `text` on stdout; fails if it exits first. */
export async function printed(command: Command, text: string, deadline: number): Promise<void> {
  while (!command.stdout().includes(text)) {
    if (command.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(
        `never printed "${text}":\n${command.stdout().slice(-3000)}\n${command.stderr()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Another program on `port` (the way a second dev server takes 3000). */
export function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(port, () => resolve(server));
  });
}

/**
 * Starts `args` on free ports, waits until its page answers (for `npm start`, once webpack's first
 * build is done), stops it, and returns the lines it printed on stdout, trailing blanks aside.
 */
export async function printedOnceUp(
  args: string[],
  env: Record<string, string>,
  port: number,
): Promise<string[]> {
  const command = npm(args, { ...env, PORT: String(port) });
  try {
    const deadline = Date.now() + START_BUDGET_MS;
    const last = demoProfiles.at(-1)!;
    await printed(command, `/user_profile/${last.id}`, deadline);
    await waitForUp(`http://localhost:${port}/`, deadline, command.child);
  } finally {
    await stop(command);
  }
  return command.stdout().trimEnd().split('\n');
}

/**
 * What a banner printed on `port` should end with (the demo profiles), and what it holds: the
 * line before its local address (the heading) and the build output between that address and the
 * profiles (none), for a test's own expect.
 */
export function bannerOf(lines: string[], port: number) {
  const profiles = demoProfiles.flatMap(({ id, shows }) => [
    `  http://localhost:${port}/user_profile/${id}`,
    `      ${shows}`,
  ]);
  const local = lines.indexOf(`  Local:   http://localhost:${port}/`);
  return {
    ending: lines.slice(-profiles.length - 1),
    expectedEnding: ['Demo profiles:', ...profiles],
    heading: lines[local - 1],
    // Between the addresses and the profiles: more addresses and the QR code, no build output.
    buildOutput: lines
      .slice(local + 1, -profiles.length - 1)
      .filter((line) => /webpack|compiled|asset|module|Entrypoint/i.test(line)),
  };
}
