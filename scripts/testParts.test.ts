// `npm test`'s runner: its parts in one list, its table, and a run that stops at the first failing
// part with that part's exit code, or at a signal it passes on.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allowConsoleError } from '../jest/consoleGuard';
import {
  TEST_PARTS,
  formatDuration,
  formatTable,
  runParts,
  selectParts,
  type TestPart,
} from './testParts';

const ROOT = path.join(__dirname, '..');
const FROM_BUILD = ['build', 'budgets', 'playwright', 'firefox', 'webkit'];
const node = (name: string, code: string): TestPart => ({
  name,
  command: [process.execPath, '-e', code],
});
const quietly = (parts: TestPart[]) => runParts(parts, { stdio: 'ignore' }).done;

describe('the parts of npm test', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it('are one list: npm test and test:e2e run it, and no script runs a part itself', () => {
    expect(pkg.scripts.test).toBe('tsx scripts/testParts.ts');
    expect(pkg.scripts['test:e2e']).toBe('tsx scripts/testParts.ts --from build');
    const names = TEST_PARTS.map((part) => part.name);
    expect(names).toEqual(['programs', 'typecheck', 'lint', 'jest', ...FROM_BUILD]);
    for (const part of TEST_PARTS) {
      const [program, run, script] = part.command;
      if (program === 'npm')
        expect([run, pkg.scripts[script!]]).toEqual(['run', expect.any(String)]);
    }
    const runsParts = Object.values(pkg.scripts).filter((script) =>
      /(^|&& )(npm run (typecheck|lint|test:unit|build|budgets)|playwright test)\b/.test(script),
    );
    expect(runsParts).toEqual([]);
  });

  it('are chosen by name, in the list order, or from one on', () => {
    const names = (args: string[]) => selectParts(args).map((part) => part.name);
    expect(names([])).toHaveLength(TEST_PARTS.length);
    expect(names(['--from', 'build'])).toEqual(FROM_BUILD);
    expect(names(['lint', 'programs'])).toEqual(['programs', 'lint']);
    expect(() => selectParts(['nope'])).toThrow(/no part named "nope"; the parts: programs, /);
    expect(() => selectParts(['--from'])).toThrow(/--from takes one part name/);
  });
});

describe('the table', () => {
  it('gives each time as m:ss, rounded to the second', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(999)).toBe('0:01');
    expect(formatDuration(59_499)).toBe('0:59');
    expect(formatDuration(59_500)).toBe('1:00');
    expect(formatDuration(36 * 60_000)).toBe('36:00');
  });

  it('lists each part, its time and result, then the total', () => {
    const table = formatTable({
      ms: 754_000,
      exitCode: 1,
      results: [
        { name: 'typecheck', status: 'passed', ms: 34_000 },
        { name: 'jest', status: 'failed', ms: 600_200, code: 1, signal: null },
        { name: 'playwright', status: 'not run' },
      ],
    });
    expect(table).toBe(
      [
        'Test parts (m:ss):',
        '  typecheck    0:34  passed',
        '  jest        10:00  failed (exit 1)',
        '  playwright      -  not run',
        '  total       12:34  failed at jest',
      ].join('\n'),
    );
    expect(
      formatTable({
        ms: 3000,
        exitCode: 130,
        interrupted: 'SIGINT',
        results: [{ name: 'lint', status: 'passed', ms: 3000 }],
      }).split('\n'),
    ).toContain('  total  0:03  stopped by SIGINT');
  });
});

describe('a run', () => {
  it('stops at the first part that fails, with its exit code', async () => {
    const outcome = await quietly([
      node('first', ''),
      node('fails', 'process.exit(3)'),
      node('after', ''),
    ]);
    expect(outcome.exitCode).toBe(3);
    expect(outcome.results).toEqual([
      { name: 'first', status: 'passed', ms: expect.any(Number) },
      { name: 'fails', status: 'failed', ms: expect.any(Number), code: 3, signal: null },
      { name: 'after', status: 'not run' },
    ]);
  });

  it('runs a part beside the one before it, each line named, and goes on once both end', async () => {
    // `waits` ends well only if `writes` runs meanwhile: in turn, it would give up.
    const mark = path.join(mkdtempSync(path.join(tmpdir(), 'parts-')), 'mark');
    const waits = `const f = ${JSON.stringify(mark)}; const until = Date.now() + 20000;
      (function look() { if (require('fs').existsSync(f)) { console.log('seen'); return; }
        if (Date.now() > until) process.exit(5); setTimeout(look, 50); })();`;
    const writes = `require('fs').writeFileSync(${JSON.stringify(mark)}, '')`;
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const outcome = await runParts([
      node('waits', waits),
      { ...node('writes', writes), besidePrevious: true },
      node('after', ''),
    ]).done.finally(() => write.mockRestore());
    expect(outcome.exitCode).toBe(0);
    expect(outcome.results).toEqual([
      { name: 'waits', status: 'passed', ms: expect.any(Number) },
      { name: 'writes', status: 'passed', ms: expect.any(Number), beside: 'waits' },
      { name: 'after', status: 'passed', ms: expect.any(Number) },
    ]);
    expect(written).toContain('waits | seen\n');
    // Its time is the machine's: a loaded one took a second to write a file.
    expect(formatTable(outcome)).toMatch(/ {2}writes {2}\d+:\d\d {2}passed, beside waits/);
  });

  it('lets the part beside a failing one end, then stops with the failing one’s code', async () => {
    const outcome = await quietly([
      node('fails', 'process.exit(4)'),
      { ...node('slower', 'setTimeout(() => process.exit(0), 300)'), besidePrevious: true },
      node('after', ''),
    ]);
    expect(outcome.exitCode).toBe(4);
    expect(outcome.results).toEqual([
      { name: 'fails', status: 'failed', ms: expect.any(Number), code: 4, signal: null },
      { name: 'slower', status: 'passed', ms: expect.any(Number), beside: 'fails' },
      { name: 'after', status: 'not run' },
    ]);
  });

  it('names a command that cannot start, and stops there', async () => {
    allowConsoleError(/testParts: missing: spawn .* ENOENT/);
    const missing = { name: 'missing', command: [path.join(ROOT, 'no-such-program')] };
    const outcome = await quietly([missing, node('after', '')]);
    expect(outcome.exitCode).toBe(127);
    expect(outcome.results.map((result) => result.status)).toEqual(['failed', 'not run']);
  });

  it('passes a signal on to the running part, its whole group, and starts no other', async () => {
    // The part's own child stands for `npm run x`'s tool: it must go too.
    const grandchild = `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000)`;
    const run = runParts([node('long', grandchild), node('after', '')], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.interrupt('SIGTERM');
    const outcome = await run.done;
    expect(outcome.exitCode).toBe(143);
    expect(outcome.interrupted).toBe('SIGTERM');
    expect(outcome.results).toEqual([
      { name: 'long', status: 'failed', ms: expect.any(Number), code: null, signal: 'SIGTERM' },
      { name: 'after', status: 'not run' },
    ]);
  });
});
