// The `server` section: the production server (`node dist-server/server.js`) under load, against
// the mock API run alone as its Grati API: its throughput on a server-rendered profile page as a
// ratio of its own static `/` in the same run, the page without its page cache, its memory under
// load and after; then two processes behind nginx (bench/nginx.ts). See bench/README.md.
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_PATH } from './demo';
import { MB, mb, ms, times } from './format';
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
} as const;

const TARGETS = {
  /** The profile page's req/s over the static `/`'s, same process, same run. */
  profileOverStatic: 0.25,
  profileP99Ms: 100,
  rssAfterLoadBytes: 250 * MB,
  rssAfterRestBytes: 150 * MB,
};

type Server = Awaited<ReturnType<typeof freshServer>>;

/** The three page loads, one after the other. */
async function throughputOn({ baseUrl }: Server) {
  return {
    static: await serverLoad('static /', baseUrl, [{ path: '/' }]),
    profile: await serverLoad('profile page', baseUrl, [cachedProfile]),
    uncached: await serverLoad('profile page, a fresh read (?show=true) each request', baseUrl, [
      uncachedProfile(),
    ]),
  };
}

/** RSS before, during and right after a long load, and once the rest is over. */
async function memoryOn(server: Server) {
  // Every route's code loaded once, then a quiet moment.
  for (const url of ['/', PROFILE_PATH, `${PROFILE_PATH}?show=true&ref=warm`]) {
    await (await fetch(`${server.baseUrl}${url}`)).text();
  }
  await sleep(2_000);
  const rssBeforeBytes = await residentBytes(server.pid);
  const sampler = sampleRss(server.pid, Date.now(), 1_000);
  const load = await serverLoad(
    'profile page, every other request a fresh read (?show=true)',
    server.baseUrl,
    [cachedProfile, uncachedProfile()],
    { connections: PRODUCTION.memoryConnections, seconds: PRODUCTION.memorySeconds, warmup: false },
  ).finally(sampler.stop);
  const rssAfterLoadBytes = await residentBytes(server.pid);
  await sleep(PRODUCTION.restSeconds * 1000);
  return {
    pid: server.pid,
    load,
    rssBeforeBytes,
    rssPeakDuringLoadBytes: Math.max(rssBeforeBytes, sampler.peakSince(0), rssAfterLoadBytes),
    rssAfterLoadBytes,
    rssAfterRestBytes: await residentBytes(server.pid),
  };
}

function throughputFigures(t: Awaited<ReturnType<typeof throughputOn>>): FigureGroup {
  const runs = Object.values(t);
  const sum = (key: 'non2xx' | 'errors' | 'timeouts') => runs.reduce((n, r) => n + r[key], 0);
  return {
    group: `Production server (node dist-server/server.js), ${PRODUCTION.connections} connections, ${PRODUCTION.seconds} s each, Accept-Encoding: ${PRODUCTION.acceptEncoding}`,
    figures: [
      rateFigure('static / (index.html, the reference): req/s', t.static),
      rateFigure(`${PROFILE_PATH} (server-rendered): req/s`, t.profile),
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
        name: 'non-2xx / errors / timeouts, all three runs',
        value: `${sum('non2xx')} / ${sum('errors')} / ${sum('timeouts')}`,
        target: { text: '0 / 0 / 0', met: runs.every(clean) },
      },
      rateFigure(
        'without the page cache (a fresh read (?show=true) each request): req/s',
        t.uncached,
      ),
    ],
  };
}

function memoryFigures(m: Awaited<ReturnType<typeof memoryOn>>): FigureGroup {
  return {
    group: `Production server memory: VmRSS of the node process (pid ${m.pid}, fresh), ${PRODUCTION.memoryConnections} connections for ${PRODUCTION.memorySeconds} s on the profile page, every other request a fresh read (?show=true)`,
    figures: [
      { name: 'RSS before the load', value: m.rssBeforeBytes, unit: mb },
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
      },
      {
        name: `RSS ${PRODUCTION.restSeconds} s after the load`,
        value: m.rssAfterRestBytes,
        unit: mb,
        target: { atMost: TARGETS.rssAfterRestBytes, strict: true },
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
