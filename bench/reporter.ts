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

/** Figures under one heading; `row` names the group when its section is shown as a matrix. */
export interface FigureGroup {
  group: string;
  row?: string;
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

const mark = (c: Check) => (c.met === undefined ? '' : c.met ? 'met' : 'NOT MET');
const tick = (c: Check) => (c.met === undefined ? '' : c.met ? '✅' : '❌');
const cell = (text: string) => text.replace(/\|/g, '\\|');
function tally(checks: readonly Check[]): string {
  const targeted = checks.filter((c) => c.met !== undefined);
  return `Targets met: ${targeted.filter((c) => c.met).length} of ${targeted.length}.`;
}

/** The checks as an aligned terminal table, grouped, with notes under their figures. */
export function terminalTable(checks: readonly Check[]): string {
  const width = (pick: (c: Check) => string) => Math.max(6, ...checks.map((c) => pick(c).length));
  const [fw, vw, tw] = [width((c) => c.figure), width((c) => c.value), width((c) => c.target)];
  const lines: string[] = [];
  checks.forEach((c, i) => {
    if (c.group !== checks[i - 1]?.group) lines.push('', c.group);
    const row = `  ${c.figure.padEnd(fw)}  ${c.value.padStart(vw)}  ${c.target.padEnd(tw)}`;
    lines.push(`${row}  ${mark(c)}`.trimEnd());
    if (c.note) lines.push(`    ${c.note}`);
  });
  lines.push('', tally(checks));
  return lines.join('\n');
}

/** A section's groups as rows and their figures as columns, then the targets once. */
function matrix(intro: string, groups: readonly FigureGroup[]): string[] {
  const rows = groups.map((g) => ({
    label: g.row ?? g.group,
    checks: g.figures.map((f) => check(g.group, f)),
  }));
  const columns = rows[0]?.checks ?? [];
  const targets = columns.filter((c) => c.met !== undefined).map((c) => `${c.figure} ${c.target}`);
  return [
    intro,
    '',
    `| | ${columns.map((c) => cell(c.figure)).join(' | ')} |`,
    `| --- |${' --- |'.repeat(columns.length)}`,
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.checks.map((c) => cell(`${c.value} ${tick(c)}`.trim())).join(' | ')} |`,
    ),
    '',
    `Targets: ${targets.join(', ')}.`,
  ];
}

/** What a section hands the reporter: its raw results (keys of results.json) and its figures. */
export interface SectionOutcome {
  results: Record<string, unknown>;
  figures: FigureGroup[];
  /** summary.md shows its groups with a `row` as a matrix under this line, not in the table. */
  matrix?: string;
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

/** The sections' results as one object; two sections may fill one key (`api`). */
function merged(parts: Record<string, unknown>[]): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  for (const [key, value] of parts.flatMap((part) => Object.entries(part))) {
    const before = all[key];
    const objects = [before, value].every((v) => v && typeof v === 'object' && !Array.isArray(v));
    all[key] = objects ? { ...(before as object), ...(value as object) } : value;
  }
  return all;
}

/** Prints the table and writes bench/results.json and bench/summary.md. */
export async function report(run: Run, dir: string): Promise<void> {
  const finishedAt = new Date().toISOString();
  const checks = run.outcomes.flatMap((o) =>
    o.figures.flatMap((g) => g.figures.map((f) => check(g.group, f))),
  );
  console.log(`\n=== npm run bench: ${finishedAt} on ${run.machineLine} ===`);
  console.log(terminalTable(checks));
  const results = {
    startedAt: run.started.at,
    finishedAt,
    durationSeconds: Math.round((Date.now() - run.started.ms) / 1000),
    machine: run.machine,
    settings: { ...run.settings, only: run.only },
    ...merged(run.outcomes.map((o) => o.results)),
    checks,
    harnessErrors: run.harnessErrors,
  };
  const json = JSON.stringify(results);
  const options = { parser: 'json', singleQuote: true, printWidth: 100 };
  await writeFile(path.join(dir, 'results.json'), await prettier(json, options));
  const only = run.only ? ` Only: ${run.only.join(', ')} (BENCH_ONLY).` : '';
  const lines = [`Measured ${finishedAt} on ${run.machineLine}.${only}`];
  const inMatrix = (o: SectionOutcome, g: FigureGroup) => Boolean(o.matrix && g.row);
  for (const outcome of run.outcomes) {
    const rows = outcome.figures.filter((g) => inMatrix(outcome, g));
    if (outcome.matrix && rows.length > 0) lines.push('', ...matrix(outcome.matrix, rows));
  }
  lines.push('', '| Section | Figure | Value | Target | Met |', '| --- | --- | --- | --- | --- |');
  const tabled = run.outcomes.flatMap((o) => o.figures.filter((g) => !inMatrix(o, g)));
  for (const { group, figures } of tabled) {
    figures.forEach((figure, i) => {
      const c = check(group, figure);
      const name = `${c.figure}${c.note ? ` (${c.note})` : ''}`;
      const columns = [i === 0 ? group : '', name, c.value, c.target].map(cell);
      lines.push(`| ${columns.join(' | ')} | ${tick(c)} |`);
    });
  }
  lines.push('', tally(checks), '');
  await writeFile(path.join(dir, 'summary.md'), lines.join('\n'));
}
