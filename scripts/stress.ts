// npm run test:stress: runs the Jest suite 5 rounds of two copies side by side (a machine under
// load), then the whole browser suite and the Firefox journeys twice, and lists each test that
// failed even once.
// Exit code 1 when anything failed. Options: --rounds N, --copies N, --browser-runs N, --skip-e2e.
// `--slow` plays a machine several times slower than this one, for the browser suites only (no
// Jest rounds unless --rounds says so): every Chromium page runs under CPU throttling
// (--cpu-throttle N, 2 unless said), and busy processes hold the cores (--busy N, one a core
// unless said) from the build to the end, so Firefox and the servers are slowed too.
// The browser suite runs whole, once after the other, rather than with --repeat-each: the
// testers' scenarios are global state of the one preview server, and repeat-each would run two
// copies of that serial group side by side.
// Then the guest walk's long mode (e2e/guest-walk.spec.ts): --walk-runs sequences (500 unless
// said; 0 skips it) on a seed of its own, then --walk-fault-runs (500) with every lazy script
// failing its first load (GUEST_WALK_FAULTS=1). A failure's report names the seed and path that
// replay it.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.join(__dirname, '..');

/**
 * Processes that keep a core busy each (a plain loop in Node), until `stop`: the machine's other
 * work gets a share of the cores, as on a machine that much slower.
 */
function holdCores(count: number): { stop: () => void } {
  const busy: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const stop = () => {
    for (const child of busy) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { stop };
}

interface RunResult {
  label: string;
  code: number | null;
  seconds: number;
  failed: string[];
  passed: number;
}

/** Runs a command quietly; its output is kept in `logFile` for a failed run's reader. */
function run(
  command: string,
  args: string[],
  logFile: string,
  env: NodeJS.ProcessEnv = {},
): Promise<number | null> {
  return new Promise((resolve) => {
    const log = openSync(logFile, 'w');
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', log, log],
    });
    child.on('close', (code) => {
      closeSync(log);
      resolve(code);
    });
  });
}

interface JestReport {
  numPassedTests: number;
  testResults: {
    name: string;
    message: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}

async function jestRun(label: string, outputFile: string): Promise<RunResult> {
  const started = Date.now();
  const code = await run(
    'npx',
    ['jest', '--silent', '--json', `--outputFile=${outputFile}`],
    `${outputFile}.log`,
  );
  const seconds = (Date.now() - started) / 1000;
  try {
    const report = JSON.parse(await readFile(outputFile, 'utf8')) as JestReport;
    const failed: string[] = [];
    for (const file of report.testResults) {
      const relative = path.relative(root, file.name);
      const failing = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failing) failed.push(`${relative} › ${test.fullName}`);
      // A suite that failed to run at all has no failing assertion but a message.
      if (failing.length === 0 && file.message) failed.push(`${relative} (suite failed to run)`);
    }
    return { label, code, seconds, failed, passed: report.numPassedTests };
  } catch {
    return { label, code, seconds, failed: [`${label}: no Jest report`], passed: 0 };
  }
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: { projectName: string; results: { status: string }[] }[];
  }[];
}

function playwrightOutcomes(
  suite: PlaywrightSuite,
  titles: string[],
  into: { failed: string[]; passed: number },
) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        const name = `${spec.file} › ${[...titles, spec.title].join(' › ')}`;
        if (result.status === 'passed') into.passed += 1;
        else if (result.status !== 'skipped') into.failed.push(`${name} (${result.status})`);
      }
    }
  }
  for (const child of suite.suites ?? []) {
    playwrightOutcomes(child, child.file === child.title ? titles : [...titles, child.title], into);
  }
}

async function playwrightRun(
  label: string,
  outputFile: string,
  env: NodeJS.ProcessEnv,
  specs: string[] = [],
): Promise<RunResult> {
  const started = Date.now();
  const args = ['playwright', 'test', '--reporter=json', ...specs];
  const code = await run('npx', args, `${outputFile}.log`, {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
  });
  const seconds = (Date.now() - started) / 1000;
  const into = { failed: [] as string[], passed: 0 };
  try {
    const report = JSON.parse(await readFile(outputFile, 'utf8')) as {
      suites: PlaywrightSuite[];
      errors?: { message?: string }[];
    };
    for (const suite of report.suites) playwrightOutcomes(suite, [], into);
    for (const error of report.errors ?? []) into.failed.push(`run error: ${error.message ?? ''}`);
  } catch {
    into.failed.push('browser suite: no Playwright report');
  }
  return { label, code, seconds, ...into };
}

/** The Firefox journeys once (TAP: each journey is a subtest, indented under the suite). */
async function firefoxRun(label: string, outputFile: string): Promise<RunResult> {
  const started = Date.now();
  const code = await run(
    'npx',
    ['tsx', '--test', '--test-reporter=tap', 'e2e-firefox/firefox.test.ts'],
    outputFile,
  );
  const seconds = (Date.now() - started) / 1000;
  const into = { failed: [] as string[], passed: 0 };
  try {
    for (const line of (await readFile(outputFile, 'utf8')).split('\n')) {
      const outcome = /^\s+(not )?ok \d+ - (.*)$/.exec(line);
      if (!outcome) continue;
      if (outcome[1]) into.failed.push(`firefox › ${outcome[2]}`);
      else into.passed += 1;
    }
  } catch {
    into.failed.push('firefox journeys: no report');
  }
  if (code !== 0 && into.failed.length === 0) into.failed.push('firefox journeys: the run failed');
  return { label, code, seconds, ...into };
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string' },
      copies: { type: 'string', default: '2' },
      'browser-runs': { type: 'string', default: '2' },
      'skip-e2e': { type: 'boolean', default: false },
      slow: { type: 'boolean', default: false },
      'cpu-throttle': { type: 'string', default: '2' },
      busy: { type: 'string', default: String(availableParallelism()) },
      'walk-runs': { type: 'string', default: '500' },
      'walk-fault-runs': { type: 'string', default: '500' },
    },
  });
  const walkRuns = Number(values['walk-runs']);
  const walkFaultRuns = Number(values['walk-fault-runs']);
  if (
    !Number.isInteger(walkRuns) ||
    walkRuns < 0 ||
    !Number.isInteger(walkFaultRuns) ||
    walkFaultRuns < 0
  ) {
    throw new Error('--walk-runs and --walk-fault-runs take a whole number');
  }
  const slow = values.slow;
  const rounds = Number(values.rounds ?? (slow ? 0 : 5));
  const cpuThrottle = Number(values['cpu-throttle']);
  const busyCount = Number(values.busy);
  if (slow && !(cpuThrottle >= 1 && Number.isInteger(busyCount) && busyCount >= 0)) {
    throw new Error('--cpu-throttle takes a number of 1 or more, --busy a whole number');
  }
  const browserEnv: NodeJS.ProcessEnv = slow ? { E2E_CPU_THROTTLE: String(cpuThrottle) } : {};
  const copies = Number(values.copies);
  const work = await mkdtemp(path.join(tmpdir(), 'grati-stress-'));
  const results: RunResult[] = [];
  const record = (result: RunResult) => {
    results.push(result);
    console.log(
      `${result.label}: ${result.failed.length === 0 && result.code === 0 ? 'green' : 'RED'}` +
        ` (${result.passed} passed, ${result.failed.length} failed, ${result.seconds.toFixed(0)} s)`,
    );
  };
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const batch = await Promise.all(
        Array.from({ length: copies }, (_, copy) =>
          jestRun(
            `jest round ${round} copy ${copy + 1}`,
            path.join(work, `jest-${round}-${copy}.json`),
          ),
        ),
      );
      batch.forEach(record);
    }
    if (!values['skip-e2e']) {
      if (slow) {
        console.log(
          `Slow machine: Chromium pages throttled ${cpuThrottle}×, ${busyCount} busy processes.`,
        );
      }
      const cores = slow ? holdCores(busyCount) : undefined;
      try {
        const buildCode = await run(
          'npm',
          ['run', '--silent', 'build'],
          path.join(work, 'build.log'),
        );
        if (buildCode !== 0) throw new Error('npm run build failed');
        for (let browserRun = 1; browserRun <= Number(values['browser-runs']); browserRun += 1) {
          record(
            await playwrightRun(
              `browser suite run ${browserRun}`,
              path.join(work, `pw-${browserRun}.json`),
              browserEnv,
            ),
          );
          record(
            await firefoxRun(
              `firefox journeys run ${browserRun}`,
              path.join(work, `firefox-${browserRun}.tap`),
            ),
          );
        }
        for (const [faults, runs] of [
          ['0', walkRuns],
          ['1', walkFaultRuns],
        ] as const) {
          if (runs === 0) continue;
          // A seed of its own each time: the long walk looks where the fixed seed of npm test doesn't.
          const seed = Math.floor(Math.random() * 2 ** 30);
          const label = `guest walk ${runs} sequences${faults === '1' ? ' with faults' : ''} (seed ${seed})`;
          console.log(`${label}...`);
          record(
            await playwrightRun(
              label,
              path.join(work, `walk-${faults}.json`),
              {
                ...browserEnv,
                GUEST_WALK_RUNS: String(runs),
                GUEST_WALK_FAULTS: faults,
                GUEST_WALK_SEED: String(seed),
              },
              ['e2e/guest-walk.spec.ts'],
            ),
          );
        }
      } finally {
        cores?.stop();
      }
    }
  } finally {
    console.log(`Logs and reports of every run: ${work}`);
  }

  const counts = new Map<string, number>();
  for (const result of results) {
    for (const name of result.failed) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const jestRuns = results.filter((result) => result.label.startsWith('jest'));
  const jestGreen = jestRuns.filter((result) => result.code === 0 && result.failed.length === 0);
  console.log('');
  console.log(
    `Jest: ${jestGreen.length} of ${jestRuns.length} runs green (${copies} copies at once).`,
  );
  for (const result of results.filter((r) => !r.label.startsWith('jest'))) {
    console.log(
      `${result.label}: ${result.passed} passed, ${result.failed.length} failed (exit ${result.code}).`,
    );
  }
  if (counts.size === 0 && results.every((result) => result.code === 0)) {
    console.log('No test failed in any run.');
    return;
  }
  console.log('Tests that failed at least once (times):');
  for (const [name, times] of [...counts].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${times}× ${name}`);
  }
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
