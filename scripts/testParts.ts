// `npm test`: its parts, in order, each as its own npm script or command with its output as it is,
// stopping at the first that fails (with that part's exit code); then one table of each part's
// time and result, also after a failure or a SIGINT/SIGTERM (passed on to the running part
// first). A part marked `besidePrevious` starts with the one before it (their lines prefixed with
// their names), and the run goes on once both have ended. `npm run test:e2e` is the same run from
// the build on (`--from build`); names given run just those parts, in this order:
// `npx tsx scripts/testParts.ts typecheck lint`.
import { spawn, type StdioOptions } from 'node:child_process';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';

export interface TestPart {
  name: string;
  /** The program and its arguments, run without a shell. */
  command: readonly string[];
  /**
   * Runs at the same time as the part before it: for parts that mostly wait (on a browser, a
   * server), so that two of them share the machine instead of leaving it idle in turn.
   */
  besidePrevious?: true;
}

/** `npm test`, in order: the one list of its parts. */
export const TEST_PARTS: readonly TestPart[] = [
  // The programs the suites drive are here, or it stops at once naming the apt-get line.
  { name: 'programs', command: ['tsx', 'scripts/checkTestPrograms.ts'] },
  // One busy process each: side by side on two cores, 0:35-0:36 against 0:41-0:44 in turn.
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'], besidePrevious: true },
  { name: 'jest', command: ['npm', 'run', 'test:unit'] },
  // Jest's first half minute (its workers starting) and webpack leave a core partly idle; no
  // Jest test reads the build (the live build's test makes its own).
  { name: 'build', command: ['npm', 'run', 'build'], besidePrevious: true },
  { name: 'budgets', command: ['npm', 'run', 'budgets'] },
  // The budgets read the build while Playwright's preview server starts on it (about 7 s saved).
  { name: 'playwright', command: ['playwright', 'test'], besidePrevious: true },
  // Firefox and WebKit wait on their browsers more than they work: together, 1:31 against
  // 1:09 + 1:12 in turn, each on its own server and display.
  { name: 'firefox', command: ['npm', 'run', 'test:firefox'] },
  { name: 'webkit', command: ['npm', 'run', 'test:webkit'], besidePrevious: true },
];

export type PartResult = (
  | { name: string; status: 'passed'; ms: number }
  | { name: string; status: 'failed'; ms: number; code: number | null; signal: string | null }
  | { name: string; status: 'not run' }
) & { beside?: string };

export interface RunOutcome {
  results: PartResult[];
  /** The whole run's wall time. */
  ms: number;
  /** 0, or the failed part's exit code (128 + the signal's number if a signal ended it). */
  exitCode: number;
  /** The signal (SIGINT, SIGTERM, SIGHUP) that stopped the run, if one did. */
  interrupted?: NodeJS.Signals;
}

/** `args` as parts: none for all, `--from NAME` for NAME and those after it, or NAMEs. */
export function selectParts(args: readonly string[], parts = TEST_PARTS): TestPart[] {
  const known = (name: string | undefined) => {
    const index = parts.findIndex((part) => part.name === name);
    if (index < 0) {
      const names = parts.map((part) => part.name).join(', ');
      throw new Error(`testParts: no part named "${name ?? ''}"; the parts: ${names}`);
    }
    return index;
  };
  if (args.length === 0) return [...parts];
  if (args[0] === '--from') {
    if (args.length !== 2) throw new Error('testParts: --from takes one part name');
    return parts.slice(known(args[1]));
  }
  const chosen = new Set(args.map(known));
  return parts.filter((_, index) => chosen.has(index));
}

/** 65_400 ms as "1:05": whole seconds, rounded. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function resultText(result: PartResult): string {
  const status =
    result.status === 'failed'
      ? `failed (${result.signal ?? `exit ${result.code}`})`
      : result.status;
  return result.beside ? `${status}, beside ${result.beside}` : status;
}

function totalText(outcome: RunOutcome): string {
  const failed = outcome.results.find((result) => result.status === 'failed');
  if (failed) return `failed at ${failed.name}`;
  return outcome.interrupted ? `stopped by ${outcome.interrupted}` : 'passed';
}

/** The table printed at the end: each part's time (m:ss) and result, then the total. */
export function formatTable(outcome: RunOutcome): string {
  const rows = [
    ...outcome.results.map((result) => [
      result.name,
      result.status === 'not run' ? '-' : formatDuration(result.ms),
      resultText(result),
    ]),
    ['total', formatDuration(outcome.ms), totalText(outcome)],
  ];
  const width = (column: number) => Math.max(...rows.map((row) => row[column]!.length));
  const line = ([name, time, result]: string[]) =>
    `  ${name!.padEnd(width(0))}  ${time!.padStart(width(1))}  ${result}`;
  return ['Test parts (m:ss):', ...rows.map(line)].join('\n');
}

/** The exit code for a part that ended with `code` or by `signal`, as a shell gives it. */
export function exitCodeOf(code: number | null, signal: string | null): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal as NodeJS.Signals] : undefined;
  return number ? 128 + number : 1;
}

export interface PartsRun {
  done: Promise<RunOutcome>;
  /** Passes `signal` on to the running part; no part starts after it. */
  interrupt: (signal: NodeJS.Signals) => void;
}

/** Sends `signal` to process group `pgid`; false once nothing is left in it. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Waits up to `ms` for group `pgid` to empty, then ends what is left of it. */
async function groupEnded(pgid: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (signalGroup(pgid, 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signalGroup(pgid, 'SIGKILL');
}

/**
 * Runs `parts` one after another until one fails or the run is interrupted. Each part leads a
 * process group of its own, so a signal passed on reaches all of it (npm passes a SIGTERM on to
 * nothing: `npm run typecheck`'s tsc would go on alone), and reaches it once: a terminal's
 * Ctrl+C goes to this process, not to the part too.
 */
export function runParts(
  parts: readonly TestPart[],
  options: { stdio?: StdioOptions; now?: () => number } = {},
): PartsRun {
  const now = options.now ?? Date.now;
  let interrupted: NodeJS.Signals | null = null;
  let lastSignal = { signal: '', at: 0 };
  const running = new Set<number>();
  const stdio = options.stdio ?? 'inherit';
  const runOne = (part: TestPart, prefixed: boolean) =>
    new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      const [program, ...args] = part.command;
      // Beside another part, each line says whose it is.
      const piped = prefixed && stdio === 'inherit';
      const child = spawn(program!, args, {
        stdio: piped ? ['ignore', 'pipe', 'pipe'] : stdio,
        detached: true,
      });
      if (piped) {
        for (const [from, to] of [
          [child.stdout, process.stdout],
          [child.stderr, process.stderr],
        ] as const) {
          createInterface({ input: from! }).on('line', (line) =>
            to.write(`${part.name} | ${line}\n`),
          );
        }
      }
      const pid = child.pid;
      if (pid !== undefined) running.add(pid);
      child.once('error', (error) => {
        console.error(`testParts: ${part.name}: ${error.message}`);
        resolve({ code: 127, signal: null });
      });
      child.once('exit', (code, signal) => {
        if (pid !== undefined) running.delete(pid);
        // Interrupted, what the part's leader leaves behind gets 10 s to finish its own cleanup.
        const left = interrupted && pid ? groupEnded(pid, 10_000) : Promise.resolve();
        void left.then(() => resolve({ code, signal }));
      });
    });
  // The parts as they run: one at a time, or with those beside it.
  const groups: TestPart[][] = [];
  for (const part of parts) {
    if (part.besidePrevious && groups.length > 0) groups.at(-1)!.push(part);
    else groups.push([part]);
  }
  const done = (async (): Promise<RunOutcome> => {
    const started = now();
    const results: PartResult[] = [];
    let exitCode = 0;
    for (const group of groups) {
      const besideOf = (index: number) => (index > 0 ? { beside: group[index - 1]!.name } : {});
      if (exitCode !== 0 || interrupted) {
        results.push(
          ...group.map((part, index) => ({
            name: part.name,
            status: 'not run' as const,
            ...besideOf(index),
          })),
        );
        continue;
      }
      const partStarted = now();
      const ended = await Promise.all(
        group.map((part) =>
          runOne(part, group.length > 1).then((end) => ({ ...end, ms: now() - partStarted })),
        ),
      );
      ended.forEach(({ code, signal, ms }, index) => {
        const { name } = group[index]!;
        if (code === 0) {
          results.push({ name, status: 'passed', ms, ...besideOf(index) });
          return;
        }
        // The first failing part in the list's order gives the exit code.
        if (exitCode === 0) exitCode = exitCodeOf(code, signal);
        results.push({ name, status: 'failed', ms, code, signal, ...besideOf(index) });
      });
    }
    // A run stopped by a signal fails as the signal asked, even if its last part got through.
    if (interrupted && exitCode === 0) exitCode = exitCodeOf(null, interrupted);
    const ms = now() - started;
    return interrupted ? { results, ms, exitCode, interrupted } : { results, ms, exitCode };
  })();
  const interrupt = (signal: NodeJS.Signals) => {
    interrupted ??= signal;
    // tsx relays a terminal's Ctrl+C to this process, which had it already: pass it on once.
    // The same signal again a second later is someone insisting, and goes on too.
    const at = Date.now();
    const repeat = lastSignal.signal === signal && at - lastSignal.at < 1000;
    lastSignal = { signal, at };
    // A part spawned a moment ago may not lead its group yet: then it alone is signalled.
    if (repeat) return;
    for (const pid of running) if (!signalGroup(pid, signal)) process.kill(pid, signal);
  };
  return { done, interrupt };
}

if (require.main === module) {
  let parts: TestPart[];
  try {
    parts = selectParts(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const run = runParts(parts);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => run.interrupt(signal));
  void run.done.then((outcome) => {
    console.log(`\n${formatTable(outcome)}`);
    process.exit(outcome.exitCode);
  });
}
