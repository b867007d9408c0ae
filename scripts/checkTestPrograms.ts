// `npm test`'s first step: the programs its suites drive (Debian's Chromium and Firefox ESR,
// WebKitWebDriver with MiniBrowser, Xvfb, GStreamer's libav plugin, exiftool, nginx) are all here,
// or it stops at once with the apt-get line that installs the missing ones, rather than twenty
// minutes in. The list is .ci/test-packages, the one .ci/run installs from; each file is looked
// for where the suites look: the setting that names another copy (FIREFOX_PATH...), else Debian's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const TEST_PACKAGES = path.join(__dirname, '..', '.ci', 'test-packages');

export interface TestProgram {
  /** The Debian package that brings it. */
  package: string;
  /** Its path, or a bare name looked up on PATH. */
  file: string;
  /** The setting that names another copy, if any. */
  setting?: string;
}

/** The lines of .ci/test-packages: `package file [setting]`; `#` starts a comment. */
export function readTestPrograms(text = readFileSync(TEST_PACKAGES, 'utf8')): TestProgram[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [pkg = '', file = '', setting] = line.split(/\s+/);
      return setting ? { package: pkg, file, setting } : { package: pkg, file };
    });
}

/** Where the suites would take `program` from: its setting's value, else its own file. */
export function whereLooked(program: TestProgram, env: NodeJS.ProcessEnv): string {
  return (program.setting && env[program.setting]) || program.file;
}

function onPath(name: string, env: NodeJS.ProcessEnv, exists: (file: string) => boolean) {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && exists(path.join(dir, name)));
}

/** The programs that are not where the suites look for them. */
export function missingPrograms(
  programs: TestProgram[],
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): TestProgram[] {
  return programs.filter((program) => {
    const file = whereLooked(program, env);
    return file.includes('/') ? !exists(file) : !onPath(file, env, exists);
  });
}

/** The command that installs `missing`, as .ci/run runs it (each package once). */
export function installCommand(missing: TestProgram[]): string {
  return `apt-get install -y ${[...new Set(missing.map((program) => program.package))].join(' ')}`;
}

/** What to print when some are missing: each, where it was looked for, and the line to run. */
export function missingReport(missing: TestProgram[], env: NodeJS.ProcessEnv): string {
  const lines = ['grati-web: npm test needs programs this machine lacks:'];
  for (const program of missing) {
    const where = whereLooked(program, env);
    const { setting } = program;
    const note = !setting
      ? ''
      : env[setting]
        ? ` (${setting})`
        : ` (${setting} names another copy)`;
    lines.push(`  ${where.includes('/') ? where : `${where} on PATH`}${note}`);
  }
  lines.push('Install them (as root; .ci/run does the same):', `  ${installCommand(missing)}`);
  return lines.join('\n');
}

if (require.main === module) {
  const missing = missingPrograms(readTestPrograms());
  if (missing.length > 0) {
    console.error(missingReport(missing, process.env));
    process.exit(1);
  }
}
