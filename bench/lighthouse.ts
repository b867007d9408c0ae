// The `lighthouse` section: each profile's static copy (bench/staticCopy.ts) and the route's bytes
// (bench/bytes.ts), then Lighthouse 12 with its default config (mobile emulation, simulated
// throttling), each run in a fresh headless Chromium, the app and its static copy in turn; the
// figures are the median of the runs, metric by metric.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { CHROME_FLAGS, CHROMIUM } from './browser';
import { bytesFigures, measureBytes } from './bytes';
import { PROFILE_PATH, PROFILES } from './demo';
import { count, medianOf, ms, score, shift, times } from './format';
import { ROOT, type Section } from './harness';
import type { FigureGroup } from './reporter';
import { startStaticCopies } from './staticCopy';

/** Lighthouse runs per page (the median is reported); BENCH_RUNS overrides it for quick tries. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);

const TARGETS = { performance: 98, accessibility: 100, bestPractices: 96, seo: 90 };
/** Issue 6's goal: the app's LCP within 1.5x its static copy's. */
const LCP_OVER_STATIC_COPY = 1.5;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndex: 'speed-index',
} as const;
type Figures = Record<(typeof CATEGORIES)[number] | keyof typeof METRICS, number>;
const FIGURES = [...CATEGORIES, ...(Object.keys(METRICS) as (keyof typeof METRICS)[])];

/** What chrome-launcher (Lighthouse's own launcher) adds so nothing else competes for the CPU. */
const QUIET_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,' +
    'InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,' +
    'AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
];

/** Chromium with a DevTools port and a throw-away profile, as Lighthouse's CLI starts it. */
async function launchChrome(): Promise<{ port: number; kill: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'grati-bench-chrome-'));
  const flags = [...CHROME_FLAGS, ...QUIET_FLAGS, '--remote-debugging-port=0'];
  const child = spawn(CHROMIUM, [...flags, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`no DevTools port:\n${seen}`)), 30_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
        if (!match) return;
        clearTimeout(timer);
        // Keep draining stderr (unread) so Chromium never blocks on a full pipe.
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        resolve(Number(match[1]));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before it listened:\n${seen}`));
      });
    });
    return { port, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}

type Details = { items?: (Record<string, unknown> & { items?: Record<string, unknown>[] })[] };
const details = (lhr: Result, audit: string) => lhr.audits[audit]?.details as Details | undefined;
const snippet = (row: Record<string, unknown> | undefined) =>
  (row?.node as { snippet?: string } | undefined)?.snippet;

/** One run's figures, and what explains them (LCP element and phases, failing audits). */
function runOf(lhr: Result) {
  const figures = {} as Figures;
  for (const category of CATEGORIES) {
    const value = lhr.categories[category]?.score;
    figures[category] = typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
  }
  for (const [key, id] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
    const value = lhr.audits[id]?.numericValue;
    figures[key] = typeof value === 'number' ? value : Number.NaN;
  }
  const lcp = details(lhr, 'largest-contentful-paint-element')?.items;
  const phases = (lcp?.[1]?.items ?? []).filter((r) => typeof r.timing === 'number');
  const observed = details(lhr, 'metrics')?.items?.[0] as Record<string, number> | undefined;
  const weighted = new Set(
    Object.values(lhr.categories).flatMap((c) =>
      c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id),
    ),
  );
  return {
    ...figures,
    fetchTime: lhr.fetchTime,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    lcpElement: snippet(lcp?.[0]?.items?.[0]) ?? null,
    /** Lighthouse's LCP breakdown (TTFB, load delay, load time, render delay), simulated ms. */
    lcpPhases: Object.fromEntries(phases.map((r) => [r.phase, Math.round(r.timing as number)])),
    /** What the unthrottled page did (the simulation starts from these). */
    observed: {
      fcp: observed?.observedFirstContentfulPaint ?? null,
      lcp: observed?.observedLargestContentfulPaint ?? null,
    },
    layoutShiftElements: (details(lhr, 'layout-shifts')?.items ?? []).flatMap((row) =>
      snippet(row) ? [`${snippet(row)} (${Number(row.score ?? 0).toFixed(3)})`] : [],
    ),
    warnings: lhr.runWarnings.map(String),
    /** Audits that count toward a category score and did not pass (score < 0.9). */
    failedAudits: Object.values(lhr.audits)
      .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 0.9)
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue })),
  };
}
type LighthouseRun = ReturnType<typeof runOf>;

/** One Lighthouse run of `url` in its own Chromium. */
async function runLighthouse(url: string): Promise<{ run: LighthouseRun; lhr: Result }> {
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
      const { code, message } = lhr.runtimeError;
      throw new Error(`Lighthouse failed on ${url}: ${code} ${message}`);
    }
    return { lhr, run: runOf(lhr) };
  } finally {
    await chrome.kill();
  }
}

/** Collects runs of one URL and gives their per-metric median. */
class LighthouseSeries {
  private readonly runs: LighthouseRun[] = [];
  private versions = { lighthouseVersion: '', userAgent: '' };
  constructor(readonly url: string) {}
  async measureOnce(): Promise<LighthouseRun> {
    // Lighthouse's own trace fails now and then (NO_NAVSTART, "Please run Lighthouse again"; seen
    // once in about 20 runs here): run it again once, rather than lose the section.
    const { run, lhr } = await runLighthouse(this.url).catch((error: Error) => {
      if (!error.message.includes('NO_NAVSTART')) throw error;
      return runLighthouse(this.url);
    });
    this.versions = {
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
    };
    this.runs.push(run);
    return run;
  }
  summary() {
    return {
      url: this.url,
      runs: this.runs,
      median: medianOf(this.runs, FIGURES),
      ...this.versions,
    };
  }
}
type LighthouseSummary = ReturnType<LighthouseSeries['summary']>;

const describeRun = (run: LighthouseRun) =>
  `perf ${run.performance}, a11y ${run.accessibility}, bp ${run['best-practices']}, seo ${run.seo}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}, CLS ${shift(run.cls)}`;

interface ProfileResult {
  profile: string;
  app: LighthouseSummary;
  staticCopy: LighthouseSummary | null;
  lcpOverStaticCopy: number | null;
}

function lighthouseFigures(r: ProfileResult): FigureGroup {
  const m = r.app.median;
  return {
    group: `Lighthouse ${r.profile}`,
    row: r.profile,
    figures: [
      {
        name: 'performance',
        value: m.performance,
        unit: score,
        target: { atLeast: TARGETS.performance },
      },
      {
        name: 'accessibility',
        value: m.accessibility,
        unit: score,
        target: { is: TARGETS.accessibility },
      },
      {
        name: 'best practices',
        value: m['best-practices'],
        unit: score,
        target: { atLeast: TARGETS.bestPractices },
      },
      { name: 'SEO', value: m.seo, unit: score, target: { atLeast: TARGETS.seo } },
      { name: 'LCP', value: m.lcp, unit: ms },
      { name: 'static copy LCP', value: r.staticCopy?.median.lcp ?? null, unit: ms },
      {
        name: 'LCP / static copy',
        value: r.lcpOverStaticCopy,
        unit: times,
        target: { atMost: LCP_OVER_STATIC_COPY },
      },
      { name: 'FCP', value: m.fcp, unit: ms },
      { name: 'TBT', value: m.tbt, unit: ms },
      { name: 'CLS', value: m.cls, unit: shift },
      { name: 'Speed Index', value: m.speedIndex, unit: ms },
    ],
  };
}

export const lighthouseSection: Section = {
  name: 'lighthouse',
  sharedPreview: true,
  chromium: true,
  async run(h) {
    const { server } = await h.sharedPreview();
    const copies = await startStaticCopies(server.baseUrl);
    const lighthouse: ProfileResult[] = [];
    const bytes = await h.using(copies.close, async () => {
      const measured = await h.step('capturing the static copies and the first-load assets', () =>
        h.withBrowser(async (browser) => {
          for (const profile of PROFILES) {
            const html = await copies.capture(browser, profile);
            await writeFile(path.join(h.tmp, `static-${profile}.html`), html);
            h.log(`  static copy of ${profile}: ${count(html.length)} characters of HTML`);
          }
          return measureBytes(browser, path.join(ROOT, 'dist'), server.baseUrl, PROFILE_PATH);
        }),
      );
      // The app and its static copy, run by run in turn, so drifting machine load hits both.
      await h.step(
        `Lighthouse (${LIGHTHOUSE_RUNS} runs per page, app and static copy in turn)`,
        async () => {
          for (const profile of PROFILES) {
            const app = new LighthouseSeries(`${server.baseUrl}/user_profile/${profile}`);
            const url = copies.urlOf(profile);
            const copy = url ? new LighthouseSeries(url) : null;
            for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
              h.assertAlive(server);
              h.log(`  ${profile} app  #${run}: ${describeRun(await app.measureOnce())}`);
              if (copy)
                h.log(`  ${profile} copy #${run}: ${describeRun(await copy.measureOnce())}`);
            }
            const [appSummary, copySummary] = [app.summary(), copy?.summary() ?? null];
            const lcpOverStaticCopy = copySummary
              ? appSummary.median.lcp / copySummary.median.lcp
              : null;
            lighthouse.push({
              profile,
              app: appSummary,
              staticCopy: copySummary,
              lcpOverStaticCopy,
            });
          }
        },
      );
      return measured;
    });
    const version = lighthouse[0]?.app.lighthouseVersion;
    return {
      results: { lighthouse, bytes },
      figures: [...(bytes ? [bytesFigures(bytes)] : []), ...lighthouse.map(lighthouseFigures)],
      matrix:
        lighthouse.length > 0
          ? `Lighthouse: mobile defaults (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs; static copy = the same page saved as static HTML without scripts.`
          : undefined,
      versions: version ? [`Lighthouse ${version}`] : [],
    };
  },
};
