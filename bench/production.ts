// The `server` section: the production server (`node dist-server/server.js`) under load, against
// the mock API run alone as its Grati API: its throughput on a server-rendered profile page as a
// ratio of its own static `/` in the same run, the page without its page cache, its memory under
// load and after; then two processes behind nginx (bench/nginx.ts). See bench/README.md.
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type autocannon from 'autocannon';
import { PROFILE_PATH } from './demo';
import { MB, count, mb, ms, times } from './format';
import type { Section } from './harness';
import {
  SERVER_LOAD,
  cachedProfile,
  clean,
  failures,
  latencies,
  rateFigure,
  serverLoad,
  uncachedProfile,
} from './load';
import { failoverFigures, failoverOn, scaleOutFigures, scaleOutOn } from './nginx';
import {
  onFreshServer,
  residentBytes,
  sampleRss,
  sleep,
  startMockApi,
  type freshServer,
} from './processes';
import type { FigureGroup } from './reporter';

const PRODUCTION = {
  ...SERVER_LOAD,
  memoryConnections: 100,
  memorySeconds: 30,
  restSeconds: 10,
  /** Then, for information, RSS is watched until under the line (the target). */
  watchBelowBytes: 150 * MB,
  watchSeconds: 60,
} as const;

const TARGETS = {
  /** The profile page's req/s over the static `/`'s, same process, same run. */
  profileOverStatic: 0.25,
  profileP99Ms: 100,
  rssAfterLoadBytes: 250 * MB,
  rssAfterRestBytes: 150 * MB,
};

type Server = Awaited<ReturnType<typeof freshServer>>;

/** The server's own counters (its /metrics, on METRICS_PORT) that say what a run made it do. */
async function serverCounters(metricsUrl: string) {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  const lookups = text.matchAll(/^profile_lookups_total\{source="(\w+)"\} (\S+)$/gm);
  return {
    renders: value('ssr_render_duration_seconds_count'),
    renderSeconds: value('ssr_render_duration_seconds_sum'),
    lookups: Object.fromEntries([...lookups].map((m) => [m[1]!, Number(m[2])])),
    heapUsedBytes: value('nodejs_heap_size_used_bytes'),
    heapTotalBytes: value('nodejs_heap_size_total_bytes'),
    externalBytes: value('nodejs_external_memory_bytes'),
  };
}

/** The four page loads, each with what it made the server do (renders, lookups). */
async function throughputOn(server: Server) {
  const run = async (name: string, requests: autocannon.Request[], compressed?: false) => {
    const before = await serverCounters(server.metricsUrl);
    const load = await serverLoad(name, server.baseUrl, requests, { compressed });
    const after = await serverCounters(server.metricsUrl);
    const renders = after.renders - before.renders;
    const renderMs = ((after.renderSeconds - before.renderSeconds) / renders) * 1000;
    const lookups = Object.entries(after.lookups)
      .map(([source, n]) => [source, n - (before.lookups[source] ?? 0)] as const)
      .filter(([, n]) => n > 0);
    const meanRenderMs = renders > 0 ? renderMs : 0;
    return { ...load, server: { renders, meanRenderMs, lookups: Object.fromEntries(lookups) } };
  };
  return {
    static: await run('static /', [{ path: '/' }]),
    profile: await run('profile page', [cachedProfile]),
    uncached: await run('profile page, a fresh read (?show=true) each request', [
      uncachedProfile(),
    ]),
    // What compressing each answer costs.
    uncompressed: await run('profile page, no Accept-Encoding', [cachedProfile], false),
  };
}

/** RSS before, during and after a long load, then each second of the rest and the watch. */
async function memoryOn(server: Server) {
  // Every route's code loaded once, then a quiet moment.
  for (const url of ['/', PROFILE_PATH, `${PROFILE_PATH}?show=true&ref=warm`]) {
    await (await fetch(`${server.baseUrl}${url}`)).text();
  }
  await sleep(2_000);
  const rss = () => residentBytes(server.pid);
  const heap = () => serverCounters(server.metricsUrl);
  const rssBeforeBytes = await rss();
  const heapBefore = await heap();
  const sampler = sampleRss(server.pid, Date.now(), 1_000);
  const load = await serverLoad(
    'profile page, every other request a fresh read (?show=true)',
    server.baseUrl,
    [cachedProfile, uncachedProfile()],
    { connections: PRODUCTION.memoryConnections, seconds: PRODUCTION.memorySeconds, warmup: false },
  ).finally(sampler.stop);
  const rssAfterLoadBytes = await rss();
  const stopped = Date.now();
  const heapAfterLoad = await heap();
  const rssPeakDuringLoadBytes = Math.max(rssBeforeBytes, sampler.peakSince(0), rssAfterLoadBytes);
  const rssAt = async (second: number) => {
    await sleep(stopped + second * 1000 - Date.now());
    return rss();
  };
  const rest: number[] = [];
  for (let second = 1; second <= PRODUCTION.restSeconds; second += 1)
    rest.push(await rssAt(second));
  const heapAfterRest = await heap();
  // Not a target: when the memory comes back under the line, watched each second for a minute.
  let belowLineAfterSeconds: number | null = null;
  let lowest = Math.min(...rest);
  for (let second = PRODUCTION.restSeconds + 1; second <= PRODUCTION.watchSeconds; second += 1) {
    if (lowest < PRODUCTION.watchBelowBytes) break;
    const rssBytes = await rssAt(second);
    lowest = Math.min(lowest, rssBytes);
    if (rssBytes < PRODUCTION.watchBelowBytes) belowLineAfterSeconds = second;
  }
  const firstInRest = rest.findIndex((bytes) => bytes < PRODUCTION.watchBelowBytes);
  belowLineAfterSeconds ??= firstInRest >= 0 ? firstInRest + 1 : null;
  return {
    pid: server.pid,
    load,
    rssBeforeBytes,
    rssPeakDuringLoadBytes,
    rssAfterLoadBytes,
    rssAfterRestBytes: rest.at(-1)!,
    rssLowestInRestBytes: Math.min(...rest),
    /** Seconds after the load until RSS was first under watchBelowBytes (null: not seen). */
    belowLineAfterSeconds,
    rssLowestWatchedBytes: lowest,
    heap: {
      before: heapBefore,
      afterLoad: heapAfterLoad,
      afterRest: heapAfterRest,
      afterWatch: await heap(),
    },
  };
}

function throughputFigures(t: Awaited<ReturnType<typeof throughputOn>>): FigureGroup {
  const runs = Object.values(t);
  const sum = (key: 'non2xx' | 'errors' | 'timeouts') => runs.reduce((n, r) => n + r[key], 0);
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
        value: t.profile.requestsPerSecond / t.static.requestsPerSecond,
        unit: times,
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
        value: `${sum('non2xx')} / ${sum('errors')} / ${sum('timeouts')}`,
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
  const heap = (c: Awaited<ReturnType<typeof serverCounters>>) =>
    `V8 heap used ${mb(c.heapUsedBytes)} of ${mb(c.heapTotalBytes)}, external ${mb(c.externalBytes)}`;
  const below = m.belowLineAfterSeconds;
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
        value: below === null ? 'not seen' : `${below} s after`,
        note: `lowest RSS watched: ${mb(m.rssLowestWatchedBytes)}; then ${heap(m.heap.afterWatch)}`,
      },
    ],
  };
}

export const productionSection: Section = {
  name: 'server',
  async run(h) {
    const mockApi = await h.step('production server: the mock API alone', async () => {
      const dataDir = await mkdtemp(path.join(h.tmp, 'mock-api-data-'));
      return h.track(await startMockApi(dataDir, path.join(h.tmp, 'mock-api.log')));
    });
    if (!mockApi) return { results: {}, figures: [] };
    const t = await h.step(
      `production server: throughput (autocannon, ${PRODUCTION.connections} connections, ${PRODUCTION.seconds} s each)`,
      () => onFreshServer(h, mockApi, 'server-throughput', throughputOn),
    );
    const m = await h.step(
      `production server: memory (${PRODUCTION.memoryConnections} connections for ${PRODUCTION.memorySeconds} s, then ${PRODUCTION.restSeconds} s idle)`,
      () => onFreshServer(h, mockApi, 'server-memory', memoryOn),
    );
    const nginx = await h.step('production server: two processes behind nginx, (a) to (c)', () =>
      scaleOutOn(h, mockApi),
    );
    const d =
      nginx &&
      (await h.step('production server: (d) one of the two stopped (SIGTERM) mid-run', () =>
        failoverOn(h, nginx.cluster),
      ));
    const s = nginx?.report ?? null;
    const settings = { ...PRODUCTION, profilePath: PROFILE_PATH };
    const groups = [t && throughputFigures(t), m && memoryFigures(m)];
    groups.push(s && scaleOutFigures(s), d && failoverFigures(d));
    return {
      results: { production: { settings, throughput: t, memory: m, scaleOut: s, failover: d } },
      figures: groups.filter((g) => g !== null),
      versions: s ? [s.nginx.replace(/^nginx version: /, '')] : [],
    };
  },
};
