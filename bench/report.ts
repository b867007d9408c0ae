// The targets of issue 6, every figure checked against them, and the two outputs: the terminal
// table and bench/summary.md (a markdown table ready to paste into the README).
import type { RecognitionReport, LoadFigures } from './api';
import type { BytesReport } from './bytes';
import type { GalleryReport } from './gallery';
import type { Figures, LighthouseSummary } from './lighthouse';
import { KB, formatKb, round } from './stats';

export const TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 96,
  seo: 90,
  lcpOverFloor: 1.5,
  maxDomNodes: 1_500,
  longTasksWhileScrolling: 0,
  apiP99Ms: 50,
  firstJsGzipBytes: 110 * KB,
  lazyChunkGzipBytes: 60 * KB,
  recognitions: 200,
} as const;

export interface ProfileResult {
  profile: string;
  app: LighthouseSummary;
  floor: LighthouseSummary | null;
  lcpOverFloor: number | null;
}

export interface Check {
  group: string;
  figure: string;
  value: string;
  target: string;
  /** undefined: a figure reported for information, with no target of its own. */
  met?: boolean;
  /** Details printed under the figure (file names, breakdowns). */
  note?: string;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const score = (value: number) => (Number.isNaN(value) ? 'n/a' : String(value));

export function lighthouseChecks(results: readonly ProfileResult[]): Check[] {
  const checks: Check[] = [];
  for (const { profile, app, floor, lcpOverFloor } of results) {
    const m: Figures = app.median;
    const group = `Lighthouse ${profile}`;
    checks.push(
      {
        group,
        figure: 'performance',
        value: score(m.performance),
        target: `>= ${TARGETS.performance}`,
        met: m.performance >= TARGETS.performance,
      },
      {
        group,
        figure: 'accessibility',
        value: score(m.accessibility),
        target: `${TARGETS.accessibility}`,
        met: m.accessibility >= TARGETS.accessibility,
      },
      {
        group,
        figure: 'best practices',
        value: score(m['best-practices']),
        target: `>= ${TARGETS.bestPractices}`,
        met: m['best-practices'] >= TARGETS.bestPractices,
      },
      {
        group,
        figure: 'SEO',
        value: score(m.seo),
        target: `>= ${TARGETS.seo}`,
        met: m.seo >= TARGETS.seo,
      },
      { group, figure: 'LCP', value: ms(m.lcp), target: '-' },
      { group, figure: 'FCP', value: ms(m.fcp), target: '-' },
      { group, figure: 'TBT', value: ms(m.tbt), target: '-' },
      { group, figure: 'CLS', value: m.cls.toFixed(3), target: '-' },
      { group, figure: 'Speed Index', value: ms(m.speedIndex), target: '-' },
    );
    if (floor) {
      checks.push({
        group,
        figure: 'floor LCP (static HTML)',
        value: ms(floor.median.lcp),
        target: '-',
      });
    }
    checks.push({
      group,
      figure: 'LCP / floor LCP',
      value: lcpOverFloor === null ? 'n/a' : `${lcpOverFloor.toFixed(2)}x`,
      target: `<= ${TARGETS.lcpOverFloor}x`,
      met: lcpOverFloor !== null && lcpOverFloor <= TARGETS.lcpOverFloor,
    });
  }
  return checks;
}

export function bytesChecks(bytes: BytesReport): Check[] {
  const group = `Bytes (gzip -9) ${bytes.route}`;
  return [
    {
      group,
      figure: 'first JS, total',
      note: bytes.first
        .filter((a) => a.kind === 'js')
        .map((a) => `${a.name} ${formatKb(a.gzipBytes)}`)
        .join(', '),
      value: formatKb(bytes.firstJsGzip),
      target: `<= ${formatKb(TARGETS.firstJsGzipBytes)}`,
      met: bytes.firstJsGzip <= TARGETS.firstJsGzipBytes,
    },
    {
      group,
      figure: 'first CSS, total',
      note: bytes.first
        .filter((a) => a.kind === 'css')
        .map((a) => `${a.name} ${formatKb(a.gzipBytes)}`)
        .join(', '),
      value: formatKb(bytes.firstCssGzip),
      target: '-',
    },
    ...bytes.lazy.map((asset) => ({
      group,
      figure: `lazy ${asset.name}`,
      value: formatKb(asset.gzipBytes),
      target: `<= ${formatKb(TARGETS.lazyChunkGzipBytes)}`,
      met: asset.gzipBytes <= TARGETS.lazyChunkGzipBytes,
    })),
  ];
}

export function galleryChecks(gallery: GalleryReport, expectedItems: number): Check[] {
  const group = `Gallery ${gallery.profile}, ${expectedItems.toLocaleString('en-US')} items, ${gallery.viewport.width}x${gallery.viewport.height}, scrolled to the end`;
  return [
    {
      group,
      figure: 'items loaded by scrolling',
      value: gallery.itemsLoaded.toLocaleString('en-US'),
      target: expectedItems.toLocaleString('en-US'),
      met: gallery.itemsLoaded === expectedItems && gallery.reachedEnd,
      note: `${gallery.pagesRequested} pages in ${(gallery.scrollMs / 1000).toFixed(1)} s at ${gallery.scrollPxPerFrame} px a frame; end message ${gallery.reachedEnd ? 'seen' : 'NOT seen'}; ${gallery.itemsInDomAtEnd} items in the DOM at the end`,
    },
    {
      group,
      figure: 'largest DOM node count',
      value: gallery.maxDomNodes.toLocaleString('en-US'),
      target: `<= ${TARGETS.maxDomNodes.toLocaleString('en-US')}`,
      met: gallery.maxDomNodes <= TARGETS.maxDomNodes,
    },
    {
      group,
      figure: 'long tasks (> 50 ms) while scrolling',
      value: String(gallery.longTasksWhileScrolling.length),
      target: '0',
      met: gallery.longTasksWhileScrolling.length <= TARGETS.longTasksWhileScrolling,
      ...(gallery.longTasksWhileScrolling.length > 0
        ? { note: `longest ${ms(gallery.longestTaskWhileScrollingMs)}` }
        : {}),
    },
    {
      group,
      figure: 'frames dropped while scrolling',
      value: `${gallery.droppedFrames} of ${gallery.totalFrames.toLocaleString('en-US')}`,
      target: '-',
      note: `frame intervals over 1.5 x 16.7 ms; worst ${gallery.worstFrameMs.toFixed(1)} ms, p95 ${gallery.p95FrameMs.toFixed(1)} ms`,
    },
  ];
}

export function apiChecks(
  loads: readonly LoadFigures[],
  recognitions: RecognitionReport | null,
): Check[] {
  const checks: Check[] = [];
  for (const load of loads) {
    const group = `API ${load.name}, ${load.connections} connections, ${load.durationSeconds} s`;
    const clean = load.non2xx === 0 && load.errors === 0 && load.timeouts === 0;
    checks.push(
      {
        group,
        figure: 'requests per second',
        value: Math.round(load.requestsPerSecond).toLocaleString('en-US'),
        target: '-',
      },
      { group, figure: 'latency p50', value: ms(load.latencyP50Ms), target: '-' },
      {
        group,
        figure: 'latency p99',
        value: ms(load.latencyP99Ms),
        target: `<= ${TARGETS.apiP99Ms} ms`,
        // A p99 over failed requests means nothing.
        met: clean && load.totalRequests > 0 && load.latencyP99Ms <= TARGETS.apiP99Ms,
      },
      {
        group,
        figure: 'non-2xx / errors / timeouts',
        value: `${load.non2xx} / ${load.errors} / ${load.timeouts}`,
        target: '0 / 0 / 0',
        met: clean,
      },
    );
  }
  if (recognitions) {
    const group = `API ${TARGETS.recognitions} recognitions at once`;
    const r = recognitions;
    checks.push(
      {
        group,
        figure: 'answered 200',
        value: String(r.first.answered200),
        ...(Object.keys(r.first.failures).length > 0
          ? { note: `other answers: ${JSON.stringify(r.first.failures)}` }
          : {}),
        target: `${TARGETS.recognitions}`,
        met: r.first.answered200 === TARGETS.recognitions,
      },
      {
        group,
        figure: 'stored exactly once (read from db.json)',
        value: String(r.storedOnce),
        note: `twice or more: ${r.storedTwiceOrMore}, missing: ${r.missing}, answered ids not stored: ${r.answeredIdsMissing}`,
        target: `${TARGETS.recognitions}, none twice`,
        met:
          r.storedOnce === TARGETS.recognitions &&
          r.storedTwiceOrMore === 0 &&
          r.answeredIdsMissing === 0,
      },
      {
        group,
        figure: 'after replaying all 200 (same keys): stored once',
        value: String(r.storedOnceAfterReplay),
        note: `twice or more: ${r.storedTwiceOrMoreAfterReplay}; replays answered 200: ${r.replay.answered200}, with the first id: ${r.replay.sameId}, marked Idempotent-Replayed: ${r.replay.replayedHeader}`,
        target: `${TARGETS.recognitions}, none twice`,
        met:
          r.storedOnceAfterReplay === TARGETS.recognitions && r.storedTwiceOrMoreAfterReplay === 0,
      },
      {
        group,
        figure: 'wave latency p50 / max',
        value: `${ms(r.first.latencyP50Ms)} / ${ms(r.first.latencyMaxMs)}`,
        target: '-',
      },
    );
  }
  return checks;
}

const mark = (check: Check) => (check.met === undefined ? '' : check.met ? 'met' : 'NOT MET');

/** The checks as an aligned terminal table, grouped, with notes under their figures. */
export function terminalTable(checks: readonly Check[]): string {
  const width = (pick: (c: Check) => string) => Math.max(6, ...checks.map((c) => pick(c).length));
  const fw = width((c) => c.figure);
  const vw = width((c) => c.value);
  const tw = width((c) => c.target);
  const lines: string[] = [];
  let group = '';
  for (const check of checks) {
    if (check.group !== group) {
      group = check.group;
      lines.push('', group);
    }
    lines.push(
      `  ${check.figure.padEnd(fw)}  ${check.value.padStart(vw)}  ${check.target.padEnd(tw)}  ${mark(check)}`.trimEnd(),
    );
    if (check.note) lines.push(`    ${check.note}`);
  }
  const targeted = checks.filter((c) => c.met !== undefined);
  const met = targeted.filter((c) => c.met).length;
  lines.push('', `Targets met: ${met} of ${targeted.length}.`);
  return lines.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const tick = (met: boolean | undefined) => (met === undefined ? '' : met ? '✅' : '❌');

export interface SummaryContext {
  finishedAt: string;
  machine: string;
  profiles: readonly ProfileResult[];
  checks: readonly Check[];
}

/** bench/summary.md: the Lighthouse matrix, then every other figure against its target. */
export function summaryMarkdown({ finishedAt, machine, profiles, checks }: SummaryContext): string {
  const lines: string[] = [
    `Measured ${finishedAt} on ${machine}. Lighthouse: mobile defaults (simulated throttling), median of ${profiles[0]?.app.runs.length ?? 0} runs; floor = the same page saved as static HTML without scripts.`,
    '',
    '| Profile | Performance | Accessibility | Best practices | SEO | LCP | Floor LCP | LCP / floor | FCP | TBT | CLS | Speed Index |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { profile, app, floor, lcpOverFloor } of profiles) {
    const m = app.median;
    lines.push(
      `| ${profile} | ${score(m.performance)} ${tick(m.performance >= TARGETS.performance)} | ${score(m.accessibility)} ${tick(m.accessibility >= TARGETS.accessibility)} | ${score(m['best-practices'])} ${tick(m['best-practices'] >= TARGETS.bestPractices)} | ${score(m.seo)} ${tick(m.seo >= TARGETS.seo)} | ${ms(m.lcp)} | ${floor ? ms(floor.median.lcp) : 'n/a'} | ${lcpOverFloor === null ? 'n/a' : `${round(lcpOverFloor, 2)}x`} ${tick(lcpOverFloor !== null && lcpOverFloor <= TARGETS.lcpOverFloor)} | ${ms(m.fcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndex)} |`,
    );
  }
  lines.push(
    '',
    `Targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS.bestPractices}, SEO >= ${TARGETS.seo}, LCP <= ${TARGETS.lcpOverFloor}x the floor's.`,
    '',
    '| Section | Figure | Value | Target | Met |',
    '| --- | --- | --- | --- | --- |',
  );
  let group = '';
  for (const check of checks.filter((c) => !c.group.startsWith('Lighthouse'))) {
    const section = check.group === group ? '' : check.group;
    group = check.group;
    const figure = `${check.figure}${check.note ? ` (${check.note})` : ''}`;
    lines.push(
      `| ${cell(section)} | ${cell(figure)} | ${cell(check.value)} | ${cell(check.target)} | ${tick(check.met)} |`,
    );
  }
  const targeted = checks.filter((c) => c.met !== undefined);
  lines.push('', `Targets met: ${targeted.filter((c) => c.met).length} of ${targeted.length}.`, '');
  return lines.join('\n');
}
