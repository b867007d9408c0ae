// The `server` section: the production server (`node dist-server/server.js`) under load, against
// the mock API run alone as its Grati API: its throughput on a server-rendered profile page as a
// ratio of its own static `/` in the same run, the page without its page cache, its memory under
// load and after; then two processes behind nginx (bench/nginx.ts). See bench/README.md.
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type autocannon from 'autocannon';
import { PROFILE_PATH } from './demo';
import { MB, count, mb, ms } from './format';
import type { Harness, Section } from './harness';
import {
  SERVER_LOAD,
  cachedProfile,
  clean,
  describeLoad,
  failures,
  latencies,
  rateFigure,
  serverLoad,
  uncachedProfile,
  type LoadFigures,
} from './load';
import { SEQUENTIAL_FETCHES, failoverFigures, scaleOut, scaleOutFigures } from './nginx';
import {
  onFreshServer,
  residentBytes,
  sleep,
  startMockApi,
  type ProductionServer,
} from './processes';
import type { FigureGroup } from './reporter';

export const PRODUCTION = {
  ...SERVER_LOAD,
  memoryConnections: 100,
  memorySeconds: 30,
  restSeconds: 10,
  /** After the rest period, RSS is watched until it is under this (the target), for up to
   * watchSeconds after the load: for information only. */
  watchBelowBytes: 150 * MB,
  watchSeconds: 60,
  sequentialFetches: SEQUENTIAL_FETCHES,
} as const;

const TARGETS = {
  /** The profile page's req/s over the static `/`'s, same process, same run. */
  profileOverStatic: 0.25,
  profileP99Ms: 100,
  rssAfterLoadBytes: 250 * MB,
  /** Strictly below. */
  rssAfterRestBytes: 150 * MB,
};

/** The server's own counters (its /metrics, on METRICS_PORT) that say what a run made it do. */
export async function serverCounters(metricsUrl: string) {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  const lookups: Record<string, number> = {};
  for (const match of text.matchAll(/^profile_lookups_total\{source="(\w+)"\} (\S+)$/gm)) {
    lookups[match[1]!] = Number(match[2]);
  }
  return {
    renders: value('ssr_render_duration_seconds_count'),
    renderSeconds: value('ssr_render_duration_seconds_sum'),
    lookups,
    heapUsedBytes: value('nodejs_heap_size_used_bytes'),
    heapTotalBytes: value('nodejs_heap_size_total_bytes'),
    externalBytes: value('nodejs_external_memory_bytes'),
  };
}
type ServerCounters = Awaited<ReturnType<typeof serverCounters>>;

/** A load run with what it made the server do (renders, lookups), from the server's /metrics. */
async function measured(server: ProductionServer, run: () => Promise<LoadFigures>) {
  const before = await serverCounters(server.metricsUrl);
  const figures = await run();
  const after = await serverCounters(server.metricsUrl);
  const renders = after.renders - before.renders;
  const lookups: Record<string, number> = {};
  for (const [source, n] of Object.entries(after.lookups)) {
    if (n - (before.lookups[source] ?? 0) > 0) lookups[source] = n - (before.lookups[source] ?? 0);
  }
  const renderMs = ((after.renderSeconds - before.renderSeconds) / renders) * 1000;
  return { ...figures, server: { renders, meanRenderMs: renders > 0 ? renderMs : 0, lookups } };
}

async function throughputOn(h: Harness, server: ProductionServer, process: string) {
  const run = async (name: string, requests: autocannon.Request[], acceptEncoding?: null) => {
    const r = await measured(server, () =>
      serverLoad(name, server.baseUrl, requests, { acceptEncoding }),
    );
    h.log(
      `  ${r.name}: ${describeLoad(r)}; renders ${r.server.renders} (mean ${r.server.meanRenderMs.toFixed(1)} ms)`,
    );
    return r;
  };
  const staticPage = await run('static /', [{ path: '/' }]);
  const profile = await run('profile page', [cachedProfile]);
  /** Every request a fresh read (?show=true, as just after a send): rendered each time. */
  const uncached = await run('profile page, a fresh read (?show=true) each request', [
    uncachedProfile(),
  ]);
  /** The cached page without Accept-Encoding: what compressing each answer costs. */
  const uncompressed = await run('profile page, no Accept-Encoding', [cachedProfile], null);
  const profileOverStatic = profile.requestsPerSecond / staticPage.requestsPerSecond;
  return {
    pid: server.pid,
    process,
    static: staticPage,
    profile,
    profileOverStatic,
    uncached,
    uncompressed,
  };
}

async function memoryOn(h: Harness, server: ProductionServer, process: string) {
  // Every route's code loaded once, then a quiet moment.
  for (const url of ['/', PROFILE_PATH, `${PROFILE_PATH}?show=true&ref=warm`]) {
    await (await fetch(`${server.baseUrl}${url}`)).text();
  }
  await sleep(2_000);
  const rss = () => residentBytes(server.pid);
  const heap = () => serverCounters(server.metricsUrl);
  /** Seconds since the load started (the first: before it). */
  const samples: { t: number; rssBytes: number }[] = [];
  const rssBeforeBytes = await rss();
  samples.push({ t: 0, rssBytes: rssBeforeBytes });
  const heapBefore = await heap();
  const started = Date.now();
  const sample = (rssBytes: number) => samples.push({ t: (Date.now() - started) / 1000, rssBytes });
  const sampler = setInterval(() => rss().then(sample, () => {}), 1_000);
  const load = await serverLoad(
    'profile page, every other request a fresh read (?show=true)',
    server.baseUrl,
    [cachedProfile, uncachedProfile()],
    { connections: PRODUCTION.memoryConnections, seconds: PRODUCTION.memorySeconds, warmup: false },
  ).finally(() => clearInterval(sampler));
  const rssAfterLoadBytes = await rss();
  const stopped = Date.now();
  sample(rssAfterLoadBytes);
  const heapAfterLoad = await heap();
  const rssPeakDuringLoadBytes = Math.max(...samples.map((s) => s.rssBytes));
  h.log(
    `  load: ${describeLoad(load)}; RSS before ${mb(rssBeforeBytes)}, peak ${mb(rssPeakDuringLoadBytes)}, after ${mb(rssAfterLoadBytes)}`,
  );
  const rest: number[] = [];
  for (let second = 1; second <= PRODUCTION.restSeconds; second += 1) {
    await sleep(stopped + second * 1000 - Date.now());
    rest.push(await rss());
    sample(rest.at(-1)!);
  }
  const heapAfterRest = await heap();
  // Not a target: how long the memory takes to come back under the line, if it does (watched
  // for up to a minute after the load, every second).
  let belowLineAfterSeconds: number | null = null;
  let lowest = Math.min(...rest);
  for (let second = PRODUCTION.restSeconds + 1; second <= PRODUCTION.watchSeconds; second += 1) {
    if (lowest < PRODUCTION.watchBelowBytes) break;
    await sleep(stopped + second * 1000 - Date.now());
    const rssBytes = await rss();
    sample(rssBytes);
    lowest = Math.min(lowest, rssBytes);
    if (rssBytes < PRODUCTION.watchBelowBytes) belowLineAfterSeconds = second;
  }
  if (belowLineAfterSeconds === null) {
    const first = rest.findIndex((bytes) => bytes < PRODUCTION.watchBelowBytes);
    if (first >= 0) belowLineAfterSeconds = first + 1;
  }
  const report = {
    pid: server.pid,
    process,
    load,
    rssBeforeBytes,
    rssPeakDuringLoadBytes,
    rssAfterLoadBytes,
    rssAfterRestBytes: rest[rest.length - 1]!,
    /** The lowest RSS seen within the rest period (sampled every second). */
    rssLowestInRestBytes: Math.min(...rest),
    /** Seconds after the load until RSS was first under watchBelowBytes (null: not seen). */
    belowLineAfterSeconds,
    rssLowestWatchedBytes: lowest,
    samples: samples.map((s) => ({ t: Math.round(s.t * 10) / 10, rssBytes: s.rssBytes })),
    heap: {
      before: heapBefore,
      afterLoad: heapAfterLoad,
      afterRest: heapAfterRest,
      afterWatch: await heap(),
    },
  };
  h.log(
    `  ${PRODUCTION.restSeconds} s later: RSS ${mb(report.rssAfterRestBytes)} (lowest ${mb(report.rssLowestInRestBytes)}); V8 heap used ${mb(heapAfterRest.heapUsedBytes)} of ${mb(heapAfterRest.heapTotalBytes)}; under ${mb(PRODUCTION.watchBelowBytes)} ${belowLineAfterSeconds === null ? `not within ${PRODUCTION.watchSeconds} s` : `after ${belowLineAfterSeconds} s`}`,
  );
  return report;
}

function throughputFigures(t: Awaited<ReturnType<typeof throughputOn>>): FigureGroup {
  const runs = [t.static, t.profile, t.uncached, t.uncompressed];
  const sum = (pick: (l: LoadFigures) => number) => runs.reduce((n, r) => n + pick(r), 0);
  const w = t.uncached.server;
  return {
    group: `Production server (node dist-server/server.js), ${PRODUCTION.connections} connections, ${PRODUCTION.seconds} s each, Accept-Encoding: ${PRODUCTION.acceptEncoding}`,
    figures: [
      rateFigure('static / (index.html, the reference): req/s', t.static),
      rateFigure(
        `${PROFILE_PATH} (server-rendered): req/s`,
        t.profile,
        `${latencies(t.profile)}; renders during the run (warm-up included): ${t.profile.server.renders}`,
      ),
      {
        name: 'profile page / static /',
        value: t.profileOverStatic,
        unit: (x) => `${x.toFixed(2)}x`,
        target: { atLeast: TARGETS.profileOverStatic, when: clean(t.profile) && clean(t.static) },
      },
      {
        name: 'profile page: latency p99',
        value: t.profile.latencyP99Ms,
        unit: ms,
        target: { atMost: TARGETS.profileP99Ms, when: clean(t.profile) },
      },
      {
        name: 'non-2xx / errors / timeouts, all four runs',
        value: `${sum((r) => r.non2xx)} / ${sum((r) => r.errors)} / ${sum((r) => r.timeouts)}`,
        target: { text: '0 / 0 / 0', met: runs.every(clean) },
      },
      rateFigure(
        'without the page cache (a fresh read (?show=true) each request): req/s',
        t.uncached,
        `render cost: ${latencies(t.uncached)}; renders (warm-up included) ${count(w.renders)}, mean ${w.meanRenderMs.toFixed(1)} ms each (wall time, concurrent); lookups ${JSON.stringify(w.lookups)}`,
      ),
      rateFigure('profile page without Accept-Encoding (not compressed): req/s', t.uncompressed),
    ],
  };
}

function memoryFigures(m: Awaited<ReturnType<typeof memoryOn>>): FigureGroup {
  const heap = (c: ServerCounters) =>
    `V8 heap used ${mb(c.heapUsedBytes)} of ${mb(c.heapTotalBytes)}, external ${mb(c.externalBytes)}`;
  return {
    group: `Production server memory: VmRSS of the node process (pid ${m.pid}, fresh), ${PRODUCTION.memoryConnections} connections for ${PRODUCTION.memorySeconds} s on the profile page, every other request a fresh read (?show=true)`,
    figures: [
      { name: 'RSS before the load', value: m.rssBeforeBytes, unit: mb, note: heap(m.heap.before) },
      rateFigure(
        'load achieved: req/s',
        m.load,
        `${latencies(m.load)}; non-2xx / errors / timeouts ${failures(m.load)}`,
      ),
      {
        name: 'RSS peak during the load (sampled every second)',
        value: m.rssPeakDuringLoadBytes,
        unit: mb,
      },
      {
        name: 'RSS right after the load',
        value: m.rssAfterLoadBytes,
        unit: mb,
        target: { atMost: TARGETS.rssAfterLoadBytes },
        note: heap(m.heap.afterLoad),
      },
      {
        name: `RSS ${PRODUCTION.restSeconds} s after the load`,
        value: m.rssAfterRestBytes,
        unit: mb,
        target: { atMost: TARGETS.rssAfterRestBytes, strict: true },
        note: `lowest within the ${PRODUCTION.restSeconds} s: ${mb(m.rssLowestInRestBytes)}; ${heap(m.heap.afterRest)}`,
      },
      {
        name: `RSS first under ${mb(PRODUCTION.watchBelowBytes)} (watched up to ${PRODUCTION.watchSeconds} s)`,
        value: m.belowLineAfterSeconds === null ? 'not seen' : `${m.belowLineAfterSeconds} s after`,
        note: `lowest RSS watched: ${mb(m.rssLowestWatchedBytes)}; then ${heap(m.heap.afterWatch)}`,
      },
    ],
  };
}

export const productionSection: Section = {
  name: 'server',
  async run(h) {
    const mockApi = await h.step(
      'production server: the mock API alone, as its Grati API',
      async () => {
        const dataDir = await mkdtemp(path.join(h.tmp, 'mock-api-data-'));
        const api = h.track(await startMockApi(dataDir, path.join(h.tmp, 'mock-api.log')));
        h.log(`  ${api.baseUrl}/api (npm run mock-api, pid ${api.pid}, data ${dataDir})`);
        return api;
      },
    );
    const steps = mockApi && {
      throughput: await h.step(
        `production server: throughput (autocannon, ${PRODUCTION.connections} connections, ${PRODUCTION.seconds} s each)`,
        () => onFreshServer(h, mockApi, 'server-throughput', (s, p) => throughputOn(h, s, p)),
      ),
      memory: await h.step(
        `production server: memory (${PRODUCTION.memoryConnections} connections for ${PRODUCTION.memorySeconds} s, then ${PRODUCTION.restSeconds} s idle)`,
        () => onFreshServer(h, mockApi, 'server-memory', (s, p) => memoryOn(h, s, p)),
      ),
      ...(await scaleOut(h, mockApi)),
    };
    const {
      throughput: t = null,
      memory: m = null,
      scaleOut: s = null,
      failover: d = null,
    } = steps ?? {};
    return {
      results: {
        production: {
          mockApi: mockApi
            ? `${mockApi.baseUrl}/api (npm run mock-api, pid ${mockApi.pid})`
            : 'not started',
          settings: { ...PRODUCTION, profilePath: PROFILE_PATH },
          throughput: t,
          memory: m,
          scaleOut: s,
          failover: d,
        },
      },
      figures: [
        ...(t ? [throughputFigures(t)] : []),
        ...(m ? [memoryFigures(m)] : []),
        ...(s ? [scaleOutFigures(s)] : []),
        ...(d ? [failoverFigures(d)] : []),
      ],
      versions: s ? [s.nginx.replace(/^nginx version: /, '')] : [],
    };
  },
};
