// The `lighthouse` section: each profile's static copy and the route's bytes, then Lighthouse 12
// (mobile defaults, simulated throttling), a fresh Chromium per run, app and copy in turn; medians.
import { once } from 'node:events';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { CHROME_FLAGS, CHROMIUM } from './browser';
import { bytesFigures, measureBytes } from './bytes';
import { PROFILE_PATH, PROFILES } from './demo';
import { count, medianOf, ms, score, shift, times } from './format';
import type { GroupProcess } from '../scripts/serverProcess';
import { ROOT, type Harness, type Section } from './harness';
import type { FigureGroup, Target } from './reporter';
import { startStaticCopies } from './staticCopy';

/** Lighthouse runs per page (the median is reported); BENCH_RUNS overrides it for quick tries. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);

const TARGETS: Record<string, Target> = {
  performance: { atLeast: 98 },
  accessibility: { is: 100 },
  'best-practices': { atLeast: 96 },
  seo: { atLeast: 90 },
  /** Issue 6's goal: the app's LCP within 1.5x its static copy's. */
  lcpOverStaticCopy: { atMost: 1.5 },
};

/** Lighthouse's categories, by the names the figures give them. */
const CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};
const METRICS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndex: 'speed-index',
};
type Figures = Record<keyof typeof CATEGORIES | keyof typeof METRICS, number>;
const FIGURES = [...Object.keys(CATEGORIES), ...Object.keys(METRICS)] as (keyof Figures)[];

const numberOr = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

/** One run's figures: the category scores out of 100 and the metrics in Lighthouse's units. */
const figuresOf = ({ categories, audits }: Result) =>
  Object.fromEntries([
    ...Object.keys(CATEGORIES).map((id) => [id, Math.round(numberOr(categories[id]?.score) * 100)]),
    ...Object.entries(METRICS).map(([key, id]) => [key, numberOr(audits[id]?.numericValue)]),
  ]) as Figures;

/** One Lighthouse run of `url` in its own Chromium. */
async function runLighthouse(url: string): Promise<Result> {
  // import(), not a static import: tsx's keepNames would break Lighthouse's page functions.
  const { default: lighthouse } = await import('lighthouse');
  // chrome-launcher (Lighthouse's own launcher, with its quiet defaults): a DevTools port and a
  // throw-away profile (the bench handles Ctrl-C itself).
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
  });
  try {
    const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }))
      ?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failed = lhr.runtimeError;
    if (failed) throw new Error(`Lighthouse failed on ${url}: ${failed.code} ${failed.message}`);
    return lhr;
  } finally {
    // Gone before the next run starts: one Chromium at a time.
    const { exitCode, signalCode } = chrome.process;
    const closed = exitCode === null && signalCode === null && once(chrome.process, 'close');
    chrome.kill();
    await closed;
  }
}

// Lighthouse's own trace fails now and then (NO_NAVSTART, about 1 run in 20): run it again once.
const measureOnce = (url: string) =>
  runLighthouse(url).catch((error: Error) => {
    if (!error.message.includes('NO_NAVSTART')) throw error;
    return runLighthouse(url);
  });

const describeRun = (run: Figures) =>
  `perf ${run.performance}, a11y ${run.accessibility}, bp ${run['best-practices']}, seo ${run.seo}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}, CLS ${shift(run.cls)}`;

/** The app's page and its static copy, run by run in turn (so drifting machine load hits both):
 * the median of each. */
async function measureProfile(h: Harness, server: GroupProcess, profile: string, copy: string) {
  const urls = [`${server.baseUrl}/user_profile/${profile}`, copy] as const;
  const runs: [Figures[], Figures[]] = [[], []];
  let version = '';
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
    h.assertAlive(server);
    for (const [i, url] of urls.entries()) {
      const lhr = await measureOnce(url);
      version = lhr.lighthouseVersion;
      runs[i]!.push(figuresOf(lhr));
      h.log(`  ${profile} ${i ? 'copy' : 'app '} #${run}: ${describeRun(runs[i]!.at(-1)!)}`);
    }
  }
  const [app, staticCopy] = runs.map((r) => medianOf(r, FIGURES)) as [Figures, Figures];
  return { profile, version, app, staticCopy, lcpOverStaticCopy: app.lcp / staticCopy.lcp };
}

function lighthouseFigures(r: Awaited<ReturnType<typeof measureProfile>>): FigureGroup {
  const m = r.app;
  const scores = Object.entries(CATEGORIES) as [keyof typeof CATEGORIES, string][];
  return {
    group: `Lighthouse ${r.profile}: mobile defaults (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs`,
    figures: [
      ...scores.map(([id, name]) => ({ name, value: m[id], unit: score, target: TARGETS[id] })),
      { name: 'LCP', value: m.lcp, unit: ms },
      { name: 'static copy LCP', value: r.staticCopy.lcp, unit: ms },
      {
        name: 'LCP / static copy',
        value: r.lcpOverStaticCopy,
        unit: times,
        target: TARGETS.lcpOverStaticCopy,
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
  async run(h) {
    const { server } = await h.sharedPreview();
    const copies = await startStaticCopies(server.baseUrl);
    const { bytes, lighthouse } = await h.using(copies.close, async () => ({
      bytes: await h.step('capturing the static copies and the first-load assets', () =>
        h.withBrowser(async (browser) => {
          for (const profile of PROFILES) {
            const html = await copies.capture(browser, profile);
            h.log(`  static copy of ${profile}: ${count(html.length)} characters of HTML`);
          }
          return measureBytes(browser, path.join(ROOT, 'dist'), server.baseUrl, PROFILE_PATH);
        }),
      ),
      lighthouse: await h.step(
        `Lighthouse (${LIGHTHOUSE_RUNS} runs per page, app and static copy in turn)`,
        async () => {
          const results = [];
          for (const profile of PROFILES) {
            const copy = copies.urlOf(profile);
            if (!copy) throw new Error(`no static copy of ${profile}`);
            results.push(await measureProfile(h, server, profile, copy));
          }
          return results;
        },
      ),
    }));
    return {
      results: { lighthouse, bytes },
      figures: [
        ...(bytes ? [bytesFigures(bytes)] : []),
        ...(lighthouse ?? []).map(lighthouseFigures),
      ],
      versions: lighthouse?.[0] ? [`Lighthouse ${lighthouse[0].version}`] : [],
    };
  },
};
