// The one reporter: every section hands it its figures, each with its target declared once; it
// checks them, prints them beside their targets, and writes bench/results.json and summary.md.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format as prettier } from 'prettier';
import { count, type Format } from './format';

/** What a figure is held against; `when: false` (a run with failed requests) fails it anyway. A
 * text target without `met` is shown only (checked elsewhere). */
export type Target =
  | { atMost: number; strict?: boolean; when?: boolean }
  | { atLeast: number; when?: boolean }
  | { is: number; when?: boolean }
  | { text: string; met?: boolean };

export interface Figure {
  name: string;
  /** A number shown with `unit` (NaN or null: not measured), or text. */
  value: number | string | null;
  unit?: Format;
  /** None: reported for information. */
  target?: Target;
  note?: string;
}

/** Figures under one heading. */
export interface FigureGroup {
  group: string;
  figures: Figure[];
}

/** A figure as checked and shown: what the terminal, results.json and summary.md hold. */
export interface Check {
  group: string;
  figure: string;
  value: string;
  target: string;
  /** undefined: a figure reported for information, with no target of its own. */
  met?: boolean;
  note?: string;
}

function targetText(target: Target, show: Format): string {
  if ('text' in target) return target.text;
  if ('atMost' in target) return `${target.strict ? '<' : '<='} ${show(target.atMost)}`;
  if ('atLeast' in target) return `>= ${show(target.atLeast)}`;
  return show(target.is);
}

function isMet(target: Target, value: Figure['value']): boolean | undefined {
  if ('text' in target) return target.met;
  if (typeof value !== 'number' || Number.isNaN(value) || target.when === false) return false;
  if ('atMost' in target) return target.strict ? value < target.atMost : value <= target.atMost;
  if ('atLeast' in target) return value >= target.atLeast;
  return value === target.is;
}

export function check(group: string, figure: Figure): Check {
  const show = figure.unit ?? count;
  const { value, target, note } = figure;
  const met = target ? isMet(target, value) : undefined;
  return {
    group,
    figure: figure.name,
    value: value === null ? 'n/a' : typeof value === 'string' ? value : show(value),
    target: target ? targetText(target, show) : '-',
    ...(met === undefined ? {} : { met }),
    ...(note ? { note } : {}),
  };
}

const tick = (c: Check) => (c.met === undefined ? '' : c.met ? '✅' : '❌');
const cell = (text: string) => text.replace(/\|/g, '\\|');
function tally(checks: readonly Check[]): string {
  const targeted = checks.filter((c) => c.met !== undefined);
  return `Targets met: ${targeted.filter((c) => c.met).length} of ${targeted.length}.`;
}

/** What a section hands the reporter: its raw results (keys of results.json) and its figures. */
export interface SectionOutcome {
  results: Record<string, unknown>;
  figures: FigureGroup[];
  /** Versions of what it measured with, for the machine line (Lighthouse, nginx). */
  versions?: string[];
}

export interface Run {
  started: { at: string; ms: number };
  machine: Record<string, unknown>;
  machineLine: string;
  settings: Record<string, unknown>;
  only: readonly string[] | null;
  outcomes: SectionOutcome[];
  harnessErrors: { section: string; message: string }[];
}

/** Prints the summary and writes bench/results.json and bench/summary.md. */
export async function report(run: Run, dir: string): Promise<void> {
  const finishedAt = new Date().toISOString();
  const checks = run.outcomes.flatMap((o) =>
    o.figures.flatMap((g) => g.figures.map((f) => check(g.group, f))),
  );
  const results = {
    startedAt: run.started.at,
    finishedAt,
    durationSeconds: Math.round((Date.now() - run.started.ms) / 1000),
    machine: run.machine,
    settings: { ...run.settings, only: run.only },
    ...Object.assign({}, ...run.outcomes.map((o) => o.results)),
    checks,
    harnessErrors: run.harnessErrors,
  };
  const json = JSON.stringify(results);
  const options = { parser: 'json', singleQuote: true, printWidth: 100 };
  await writeFile(path.join(dir, 'results.json'), await prettier(json, options));
  const only = run.only ? ` Only: ${run.only.join(', ')} (BENCH_ONLY).` : '';
  const lines = [`Measured ${finishedAt} on ${run.machineLine}.${only}`];
  lines.push('', '| Section | Figure | Value | Target | Met |', '| --- | --- | --- | --- | --- |');
  checks.forEach((c, i) => {
    const name = `${c.figure}${c.note ? ` (${c.note})` : ''}`;
    const group = c.group === checks[i - 1]?.group ? '' : c.group;
    lines.push(`| ${[group, name, c.value, c.target].map(cell).join(' | ')} | ${tick(c)} |`);
  });
  lines.push('', tally(checks), '');
  const summary = lines.join('\n');
  // The terminal gets what summary.md holds.
  console.log(`\n${summary}`);
  await writeFile(path.join(dir, 'summary.md'), summary);
}
