// Lighthouse 12 with its default config (mobile emulation, simulated throttling), each run in a
// fresh headless Chromium; the figures are the median of the runs, metric by metric.
import type { Result } from 'lighthouse';
import { launchChrome } from './chrome';
import { medianOf } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export const METRICS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndex: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;

export type Figures = Record<Category | Metric, number>;
const FIGURES = [...CATEGORIES, ...(Object.keys(METRICS) as Metric[])];

export interface LighthouseRun extends Figures {
  fetchTime: string;
  benchmarkIndex: number | null;
  lcpElement: string | null;
  /** Lighthouse's LCP breakdown (TTFB, load delay, load time, render delay), simulated ms. */
  lcpPhases: Record<string, number>;
  /** What the unthrottled page did (the simulation starts from these). */
  observed: { fcp: number | null; lcp: number | null };
  /** The elements that moved most (the layout-shifts audit), when CLS is not 0. */
  layoutShiftElements: string[];
  warnings: string[];
  /** Audits that count toward a category score and did not pass (score < 0.9). */
  failedAudits: { id: string; title: string; score: number | null; displayValue?: string }[];
}

export interface LighthouseSummary {
  url: string;
  runs: LighthouseRun[];
  median: Figures;
  lighthouseVersion: string;
  userAgent: string;
}

function lcpElement(lhr: Result): string | null {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? null;
}

function lcpPhases(lhr: Result): Record<string, number> {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { phase?: string; timing?: number }[] }[] } | undefined;
  const phases: Record<string, number> = {};
  for (const row of details?.items?.[1]?.items ?? []) {
    if (row.phase && typeof row.timing === 'number') phases[row.phase] = Math.round(row.timing);
  }
  return phases;
}

function observed(lhr: Result): LighthouseRun['observed'] {
  const details = lhr.audits.metrics?.details as
    | {
        items?: {
          observedFirstContentfulPaint?: number;
          observedLargestContentfulPaint?: number;
        }[];
      }
    | undefined;
  const metrics = details?.items?.[0];
  return {
    fcp: metrics?.observedFirstContentfulPaint ?? null,
    lcp: metrics?.observedLargestContentfulPaint ?? null,
  };
}

function layoutShiftElements(lhr: Result): string[] {
  const details = lhr.audits['layout-shifts']?.details as
    { items?: { node?: { snippet?: string }; score?: number }[] } | undefined;
  return (details?.items ?? []).flatMap((item) =>
    item.node?.snippet ? [`${item.node.snippet} (${(item.score ?? 0).toFixed(3)})`] : [],
  );
}

function failedAudits(lhr: Result): LighthouseRun['failedAudits'] {
  const weighted = new Set(
    Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
    ),
  );
  return Object.values(lhr.audits)
    .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 0.9)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    }));
}

/** One Lighthouse run of `url` in its own Chromium. */
export async function runLighthouse(url: string): Promise<{ run: LighthouseRun; lhr: Result }> {
  // A dynamic import on purpose: tsx compiles statically imported ESM packages with esbuild's
  // keepNames, whose `__name(...)` wrappers then reach the page inside Lighthouse's page
  // functions and fail there ("__name is not defined"). import() leaves Lighthouse untouched.
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchChrome();
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new Error(
        `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    const figures = {} as Figures;
    for (const category of CATEGORIES) {
      const score = lhr.categories[category]?.score;
      figures[category] = typeof score === 'number' ? Math.round(score * 100) : Number.NaN;
    }
    for (const [key, id] of Object.entries(METRICS) as [Metric, string][]) {
      const value = lhr.audits[id]?.numericValue;
      figures[key] = typeof value === 'number' ? value : Number.NaN;
    }
    return {
      lhr,
      run: {
        ...figures,
        fetchTime: lhr.fetchTime,
        benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
        lcpElement: lcpElement(lhr),
        lcpPhases: lcpPhases(lhr),
        observed: observed(lhr),
        layoutShiftElements: layoutShiftElements(lhr),
        warnings: lhr.runWarnings.map(String),
        failedAudits: failedAudits(lhr),
      },
    };
  } finally {
    await chrome.kill();
  }
}

/** Collects runs of one URL and gives their per-metric median. */
export class LighthouseSeries {
  private readonly runs: LighthouseRun[] = [];
  private lighthouseVersion = '';
  private userAgent = '';

  constructor(readonly url: string) {}

  async measureOnce(): Promise<LighthouseRun> {
    // Lighthouse's own trace fails now and then (NO_NAVSTART, "Please run Lighthouse again"; seen
    // once in about 20 runs here): run it again once, rather than lose the section.
    const { run, lhr } = await runLighthouse(this.url).catch((error: Error) => {
      if (!error.message.includes('NO_NAVSTART')) throw error;
      return runLighthouse(this.url);
    });
    this.lighthouseVersion = lhr.lighthouseVersion;
    this.userAgent = lhr.environment.hostUserAgent;
    this.runs.push(run);
    return run;
  }

  summary(): LighthouseSummary {
    return {
      url: this.url,
      runs: this.runs,
      median: medianOf(this.runs, FIGURES),
      lighthouseVersion: this.lighthouseVersion,
      userAgent: this.userAgent,
    };
  }
}
