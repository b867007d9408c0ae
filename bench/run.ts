// `npm run bench`: builds, serves the production build with the mock API on a free port (temp
// data dir), measures Lighthouse against the static floor, bytes, the 1,000-item gallery, the
// mock API, the production server (alone, and two processes behind nginx) and real 12 MP phone
// photos, prints every figure beside its target and writes bench/results.json and
// bench/summary.md. It reports; it does not gate: exit 0 when the run completed, whatever the
// figures, non-zero only when the harness itself failed. BENCH_ONLY=server (or lighthouse, phone,
// api, gallery, photos; comma-separated) runs only those sections. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { format } from 'prettier';
import {
  ABANDONED_PAYMENTS,
  LOAD_CONNECTIONS,
  LOAD_SECONDS,
  RECOGNITIONS,
  abandonedPaymentsLoad,
  loadFindUser,
  loadGallery,
  recognitionsAtOnce,
  type AbandonedReport,
  type LoadFigures,
  type RecognitionReport,
} from './api';
import { measureBytes, type BytesReport } from './bytes';
import { CHROME_FLAGS, CHROMIUM } from './chrome';
import { captureRenderedHtml, startFloorServer } from './floor';
import { PHONE_PROFILE, PHONE_RUNS, measurePhone, type PhoneReport } from './phone';
import { measurePhotos, type PhotosReport } from './photos';
import { photosChecks } from './photosReport';
import type { GroupProcess } from './processes';
import { startStackFloor, type StackFloor } from './stackFloor';
import { GALLERY_SIZE, measureGallery, writeGalleryDataSet, type GalleryReport } from './gallery';
import { LighthouseSeries, type LighthouseRun } from './lighthouse';
import {
  PRODUCTION,
  PROFILE_PATH,
  ProductionBench,
  type FailoverReport,
  type MemoryReport,
  type ProductionReport,
  type ScaleOutReport,
  type ThroughputReport,
} from './production';
import {
  TARGETS,
  apiChecks,
  bytesChecks,
  galleryChecks,
  lighthouseChecks,
  phoneChecks,
  productionChecks,
  summaryMarkdown,
  terminalTable,
  type Check,
  type ProfileResult,
} from './report';
import { ROOT, runLogged, startPreview, type RunningServer } from './server';

const BENCH_DIR = __dirname;
const DIST_DIR = path.join(ROOT, 'dist');
export const PROFILES = ['ava-martinez', 'bluebird-cafe', 'green-earth-fund'] as const;
/** Lighthouse runs per page (the median is reported); BENCH_RUNS overrides it for quick tries. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
/** BENCH_SKIP_BUILD=1 measures the dist/ already there (for working on the harness only). */
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
/** The sections of a run; BENCH_ONLY=server (comma-separated names) runs only those. */
const SECTIONS = ['lighthouse', 'phone', 'api', 'gallery', 'server', 'photos'] as const;
type SectionName = (typeof SECTIONS)[number];
const ONLY: SectionName[] | null = (() => {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return null;
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    console.error(
      `[bench] BENCH_ONLY: unknown ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`,
    );
    process.exit(2);
  }
  return names as SectionName[];
})();
const runs = (name: SectionName) => ONLY === null || ONLY.includes(name);

const started = Date.now();
const log = (message: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** Things to undo, newest first, whether the run succeeds, fails or is interrupted. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const undo = cleanups.pop()!;
    try {
      await undo();
    } catch (error) {
      console.error('[bench] clean-up step failed:', error);
    }
  }
}

const harnessErrors: { section: string; message: string }[] = [];
async function section<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  log(`${name}...`);
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    harnessErrors.push({ section: name, message });
    console.error(`[bench] ${name} failed:\n${message}`);
    return null;
  }
}

async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Playwright sets headless itself.
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
  const close = () => browser.close();
  cleanups.push(close);
  try {
    return await work(browser);
  } finally {
    cleanups.splice(cleanups.indexOf(close), 1);
    await close();
  }
}

/** Every process whose log is printed when a section fails. */
const servers: Pick<RunningServer, 'logFile' | 'exitedEarly'>[] = [];
async function startServer(dataDir: string, logFile: string): Promise<RunningServer> {
  const server = await startPreview(dataDir, logFile);
  servers.push(server);
  cleanups.push(server.stop);
  return server;
}

/** Stops a section early, with the reason, when its server is gone. */
function assertAlive(server: RunningServer): void {
  const exit = server.exitedEarly();
  if (exit) throw new Error(`the preview server on ${server.baseUrl} ${exit}`);
}

/** The end of each server's log (they live in the temp dir, which the clean-up removes). */
async function printServerLogs(): Promise<void> {
  for (const server of servers) {
    const text = await readFile(server.logFile, 'utf8').catch(() => '');
    const tail = text.trimEnd().split('\n').slice(-40).join('\n');
    console.log(
      `\n--- ${path.basename(server.logFile)} (${server.exitedEarly() ?? 'stopped by the bench'}), last lines ---\n${tail || '(empty)'}`,
    );
  }
}

async function stopServer(server: RunningServer): Promise<void> {
  const index = cleanups.indexOf(server.stop);
  if (index >= 0) cleanups.splice(index, 1);
  await server.stop();
}

function describeRun(run: LighthouseRun): string {
  return (
    `perf ${run.performance}, a11y ${run.accessibility}, bp ${run['best-practices']}, ` +
    `seo ${run.seo}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`
  );
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion(),
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

async function measureProduction(tmp: string): Promise<ProductionReport> {
  const bench = new ProductionBench(tmp, log);
  const stopAll = () => bench.stopAll();
  cleanups.push(stopAll);
  try {
    const mockApi = await section('production server: the mock API alone, as its Grati API', () =>
      bench.setup(),
    );
    let throughput: ThroughputReport | null = null;
    let memory: MemoryReport | null = null;
    let scaleOut: ScaleOutReport | null = null;
    let failover: FailoverReport | null = null;
    if (mockApi) {
      log(`  ${mockApi}`);
      throughput = await section(
        `production server: throughput (autocannon, ${PRODUCTION.connections} connections, ${PRODUCTION.seconds} s each)`,
        () => bench.throughput(),
      );
      memory = await section(
        `production server: memory (${PRODUCTION.memoryConnections} connections for ${PRODUCTION.memorySeconds} s, then ${PRODUCTION.restSeconds} s idle)`,
        () => bench.memory(),
      );
      scaleOut = await section('production server: two processes behind nginx, (a) to (c)', () =>
        bench.scaleOut(),
      );
      if (scaleOut) {
        failover = await section(
          'production server: (d) one of the two stopped (SIGTERM) in the middle of a run',
          () => bench.failover(),
        );
      }
    }
    return {
      mockApi: mockApi ?? 'not started',
      settings: { ...PRODUCTION, profilePath: PROFILE_PATH },
      throughput,
      memory,
      scaleOut,
      failover,
    };
  } finally {
    // Their logs stay in the temp dir (printed if a section failed) until the clean-up.
    servers.push(...bench.logs);
    cleanups.splice(cleanups.indexOf(stopAll), 1);
    await stopAll();
  }
}

/** The real photos section, with its own preview, mock API and production server processes. */
async function measurePhotosSection(tmp: string): Promise<PhotosReport | null> {
  const processes: GroupProcess[] = [];
  const stopAll = async () => {
    for (const process of [...processes].reverse()) await process.stop();
  };
  cleanups.push(stopAll);
  try {
    return await section('real photos (three 12 MP phone photos)', () =>
      measurePhotos({
        tmp,
        log,
        section,
        withBrowser,
        startPreview: startServer,
        stopPreview: stopServer,
        track: (process) => {
          processes.push(process);
          return process;
        },
      }),
    );
  } finally {
    servers.push(...processes);
    cleanups.splice(cleanups.indexOf(stopAll), 1);
    await stopAll();
  }
}

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  const machine = machineInfo();
  log(`${machine.cpuModel}, ${machine.cores} cores, node ${machine.node}, ${machine.chromium}`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'grati-bench-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  log(`temp dir ${tmp}`);

  if (SKIP_BUILD) {
    log('build skipped (BENCH_SKIP_BUILD=1): measuring the dist/ already there');
  } else {
    log('npm run build (production)...');
    await runLogged('npm', ['run', '--silent', 'build'], path.join(tmp, 'build.log'));
  }

  const profiles: ProfileResult[] = [];
  let bytes: BytesReport | null = null;
  const loads: LoadFigures[] = [];
  let recognitions: RecognitionReport | null = null;
  let phone: PhoneReport | null = null;
  if (runs('lighthouse') || runs('phone') || runs('api')) {
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir, { recursive: true });
    const server = await startServer(dataDir, path.join(tmp, 'preview.log'));
    log(`preview server on ${server.baseUrl} (data ${dataDir})`);

    if (runs('lighthouse')) {
      // The floor pages first (Chromium via Playwright, through the floor's proxy), and the
      // route's first-load assets.
      const floor = await startFloorServer(server.baseUrl);
      cleanups.push(floor.close);
      bytes = await section('capturing the floor pages and the first-load assets', () =>
        withBrowser(async (browser) => {
          for (const profile of PROFILES) {
            const html = await captureRenderedHtml(browser, floor.baseUrl, profile);
            floor.setPage(profile, html);
            await writeFile(path.join(tmp, `floor-${profile}.html`), html);
            log(`  floor ${profile}: ${html.length.toLocaleString('en-US')} characters of HTML`);
          }
          return measureBytes(browser, DIST_DIR, server.baseUrl, '/user_profile/ava-martinez');
        }),
      );

      // Lighthouse: the app and its floor, run by run in turn, so drifting machine load hits both.
      await section(`Lighthouse (${RUNS} runs per page, app and floor in turn)`, async () => {
        for (const profile of PROFILES) {
          const app = new LighthouseSeries(`${server.baseUrl}/user_profile/${profile}`);
          const floorSeries = floor.hasPage(profile)
            ? new LighthouseSeries(floor.urlOf(profile))
            : null;
          for (let run = 1; run <= RUNS; run += 1) {
            assertAlive(server);
            log(`  ${profile} app   #${run}: ${describeRun(await app.measureOnce())}`);
            if (floorSeries)
              log(`  ${profile} floor #${run}: ${describeRun(await floorSeries.measureOnce())}`);
          }
          const appSummary = app.summary();
          const floorSummary = floorSeries?.summary() ?? null;
          profiles.push({
            profile,
            app: appSummary,
            floor: floorSummary,
            lcpOverFloor: floorSummary ? appSummary.median.lcp / floorSummary.median.lcp : null,
          });
        }
      });
      cleanups.splice(cleanups.indexOf(floor.close), 1);
      await floor.close();
    }

    if (runs('phone')) {
      // The first tap on a phone (before the API load: the recognitions add to Ava's feed).
      const floor = await startFloorServer(server.baseUrl);
      cleanups.push(floor.close);
      // The stack floor page, hydrated: its own build of scripts/floor over the profile's HTML.
      const stackFloor: StackFloor | null = await section(
        'phone: building the stack floor page (scripts/floor)',
        () => startStackFloor(server.baseUrl, PHONE_PROFILE),
      );
      if (stackFloor) {
        cleanups.push(stackFloor.close);
        log(
          `  stack floor ${stackFloor.url}: built in ${(stackFloor.buildMs / 1000).toFixed(1)} s, ${stackFloor.scripts.join(', ')}`,
        );
      }
      phone = await section(`phone: first tap and flows (${PHONE_RUNS} runs)`, () =>
        withBrowser(async (browser) => {
          floor.setPage(
            PHONE_PROFILE,
            await captureRenderedHtml(browser, floor.baseUrl, PHONE_PROFILE),
          );
          const pages = {
            baseUrl: server.baseUrl,
            floorUrl: floor.urlOf(PHONE_PROFILE),
            stackFloor,
          };
          return measurePhone(browser, pages, log);
        }),
      );
      if (stackFloor) {
        cleanups.splice(cleanups.indexOf(stackFloor.close), 1);
        await stackFloor.close();
      }
      cleanups.splice(cleanups.indexOf(floor.close), 1);
      await floor.close();
    }

    if (runs('api')) {
      // The mock API (after Lighthouse: the recognitions add to Ava's feed).
      await section(
        `API load (autocannon, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s each)`,
        async () => {
          for (const run of [loadFindUser, loadGallery]) {
            assertAlive(server);
            const figures = await run(server.baseUrl);
            loads.push(figures);
            log(
              `  ${figures.name}: ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms, non-2xx ${figures.non2xx}`,
            );
          }
        },
      );
      recognitions = await section(`${RECOGNITIONS} recognitions at once`, async () => {
        assertAlive(server);
        const report = await recognitionsAtOnce(server.baseUrl, dataDir);
        log(
          `  answered 200: ${report.first.answered200}, stored once: ${report.storedOnce}, twice or more: ${report.storedTwiceOrMore}, missing: ${report.missing}`,
        );
        return report;
      });
    }
    await stopServer(server);
  }

  // Abandoned payments (issue 24): findUser on its own data, without and with them, each on a
  // freshly started server.
  const abandoned: AbandonedReport | null = !runs('api')
    ? null
    : await section(
        `findUser with ${ABANDONED_PAYMENTS} abandoned review + tip payments, and without`,
        async () => {
          const abandonedDir = path.join(tmp, 'abandoned-data');
          await mkdir(abandonedDir, { recursive: true });
          let starts = 0;
          const report = await abandonedPaymentsLoad(abandonedDir, async (dataDir) => {
            starts += 1;
            const logFile = path.join(tmp, `preview-abandoned-${starts}.log`);
            const started = await startServer(dataDir, logFile);
            return { baseUrl: started.baseUrl, stop: () => stopServer(started) };
          });
          const p50s = (loads: LoadFigures[]) => loads.map((l) => l.latencyP50Ms).join(', ');
          log(
            `  p50 with them ${p50s(report.with)} ms, without ${p50s(report.without)} ms (${report.p50Ratio.toFixed(2)}x); data file untouched: ${report.dataFileUntouched}`,
          );
          return report;
        },
      );

  // The gallery: its own data set and server.
  const gallery: GalleryReport | null = !runs('gallery')
    ? null
    : await section(`gallery of ${GALLERY_SIZE} items`, async () => {
        const galleryDir = path.join(tmp, 'gallery-data');
        const { added } = await writeGalleryDataSet(galleryDir);
        const galleryServer = await startServer(galleryDir, path.join(tmp, 'preview-gallery.log'));
        log(`  data set: seed + ${added} gallery items; server on ${galleryServer.baseUrl}`);
        try {
          const report = await withBrowser((browser) =>
            measureGallery(browser, galleryServer.baseUrl),
          );
          log(
            `  ${report.itemsLoaded} items in ${Math.round(report.scrollMs)} ms, max DOM ${report.maxDomNodes}, long tasks ${report.longTasksWhileScrolling.length}, dropped ${report.droppedFrames}/${report.totalFrames}`,
          );
          return report;
        } finally {
          await stopServer(galleryServer);
        }
      });

  // The production server (dist-server/server.js) alone against the mock API, then two of its
  // processes behind nginx. Each step is its own section: one that fails keeps the others.
  const production: ProductionReport | null = runs('server') ? await measureProduction(tmp) : null;

  // Real 12 MP phone photos: their own preview, then the production server alone.
  const photos: PhotosReport | null = runs('photos') ? await measurePhotosSection(tmp) : null;

  const checks: Check[] = [
    ...lighthouseChecks(profiles),
    ...(bytes ? bytesChecks(bytes) : []),
    ...(gallery ? galleryChecks(gallery, GALLERY_SIZE) : []),
    ...apiChecks(loads, recognitions, abandoned),
    ...(phone ? phoneChecks(phone) : []),
    ...(production ? productionChecks(production) : []),
    ...(photos ? photosChecks(photos) : []),
  ];
  const finishedAt = new Date().toISOString();
  const machineLine = [
    `${machine.cpuModel} (${machine.cores} cores), Node ${machine.node}`,
    ...(runs('lighthouse') || runs('phone') || runs('gallery') || runs('photos')
      ? [machine.chromium]
      : []),
    ...(profiles.length > 0 ? [`Lighthouse ${profiles[0]?.app.lighthouseVersion ?? '?'}`] : []),
    ...(production?.scaleOut ? [production.scaleOut.nginx.replace(/^nginx version: /, '')] : []),
  ].join(', ');

  console.log(`\n=== npm run bench: ${finishedAt} on ${machineLine} ===`);
  console.log(terminalTable(checks));
  if (harnessErrors.length > 0) {
    await printServerLogs();
    console.log(
      `\nHarness errors (figures missing): ${harnessErrors.map((e) => e.section).join('; ')}`,
    );
  }

  const results = {
    startedAt,
    finishedAt,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    machine: { ...machine, loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    settings: {
      profiles: PROFILES,
      lighthouseRunsPerPage: RUNS,
      lighthouseConfig: 'default (mobile emulation, simulated throttling)',
      chromeFlags: CHROME_FLAGS,
      build: SKIP_BUILD ? 'skipped (BENCH_SKIP_BUILD=1)' : 'npm run build',
      only: ONLY,
      targets: TARGETS,
    },
    lighthouse: profiles,
    bytes,
    gallery,
    api: { load: loads, recognitions, abandoned },
    phone,
    production,
    photos,
    checks,
    harnessErrors,
  };
  await writeFile(
    path.join(BENCH_DIR, 'results.json'),
    await format(JSON.stringify(results), { parser: 'json', singleQuote: true, printWidth: 100 }),
  );
  await writeFile(
    path.join(BENCH_DIR, 'summary.md'),
    summaryMarkdown({ finishedAt, machine: machineLine, profiles, checks, only: ONLY }),
  );
  log('wrote bench/results.json and bench/summary.md');
  return harnessErrors.length > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: stopping servers and Chromium...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error('[bench] the harness failed:', error);
    await cleanUp();
    process.exit(1);
  });
