// `npm test`'s first step: a program the suites drive that is missing stops the run at once, with
// the apt-get line that installs it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  installCommand,
  missingPrograms,
  readTestPrograms,
  type TestProgram,
} from './checkTestPrograms';
import { TEST_PARTS } from './testParts';

const ROOT = path.join(__dirname, '..');

const LIST = [
  'chromium       /usr/bin/chromium      CHROMIUM_PATH',
  '# WebKit: the driver brings MiniBrowser along',
  'webkit2gtk-driver  /usr/bin/WebKitWebDriver   WEBKIT_DRIVER_PATH',
  'webkit2gtk-driver  /usr/lib/webkit/MiniBrowser  MINIBROWSER_PATH',
  '',
  'libimage-exiftool-perl  exiftool',
].join('\n');

describe('the list', () => {
  const programs = readTestPrograms(LIST);

  it('reads each package, its file and its setting, comments and blank lines aside', () => {
    expect(programs).toEqual<TestProgram[]>([
      { package: 'chromium', file: '/usr/bin/chromium', setting: 'CHROMIUM_PATH' },
      {
        package: 'webkit2gtk-driver',
        file: '/usr/bin/WebKitWebDriver',
        setting: 'WEBKIT_DRIVER_PATH',
      },
      {
        package: 'webkit2gtk-driver',
        file: '/usr/lib/webkit/MiniBrowser',
        setting: 'MINIBROWSER_PATH',
      },
      { package: 'libimage-exiftool-perl', file: 'exiftool' },
    ]);
  });

  it('finds a file where its setting says, else at its path; a bare name on PATH', () => {
    const files = new Set([
      '/opt/chromium/chrome',
      '/usr/bin/WebKitWebDriver',
      '/usr/bin/exiftool',
    ]);
    const exists = (file: string) => files.has(file);
    const env = { CHROMIUM_PATH: '/opt/chromium/chrome', PATH: '/bin:/usr/bin' };
    const missing = missingPrograms(programs, env, exists);
    expect(missing.map((program) => program.file)).toEqual(['/usr/lib/webkit/MiniBrowser']);
    expect(installCommand(missing)).toBe('apt-get install -y webkit2gtk-driver');

    const none = missingPrograms(programs, { PATH: '/nowhere' }, () => false);
    expect(installCommand(none)).toBe(
      'apt-get install -y chromium webkit2gtk-driver libimage-exiftool-perl',
    );
  });

  it('is the one .ci/run installs from, and the first step of npm test', () => {
    expect(readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8')).toContain('<.ci/test-packages');
    expect(TEST_PARTS[0]?.command).toEqual(['tsx', 'scripts/checkTestPrograms.ts']);
  });
});

describe('npm test on a machine without Firefox', () => {
  it('stops, naming what is missing and the apt-get line', async () => {
    // The first step of the test script, as npm runs it, with FIREFOX_PATH naming nothing.
    const child = spawn('npx', ['tsx', 'scripts/checkTestPrograms.ts'], {
      cwd: ROOT,
      env: { ...process.env, FIREFOX_PATH: path.join(ROOT, 'no-firefox-here') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain(path.join(ROOT, 'no-firefox-here'));
    expect(stderr).toMatch(/^ {2}apt-get install -y firefox-esr$/m);
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 120_000);
});
