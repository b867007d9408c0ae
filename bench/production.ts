// The production server (`node dist-server/server.js`) under load, against the mock API run alone
// as its Grati API: its throughput on a server-rendered profile page as a ratio of its own static
// `/` in the same run, the page without its page cache, its memory under load and after, and two
// processes behind nginx (deploy/nginx.conf): direct vs proxied, the proxy's cache hit ratio, and
// a process stopped (SIGTERM) in the middle of a run. See bench/README.md, "Production server".
import { chmod, mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/serverProcess';
import {
  PROFILE_ID,
  assertNodeServer,
  residentBytes,
  startMockApi,
  startNginx,
  startProductionServer,
  type GroupProcess,
  type ProductionServer,
  type NginxProcess,
  type ProcessExit,
} from './processes';
import { round } from './stats';
import { cannonFigures, statusCounts, type LoadFigures } from './api';

export const PRODUCTION = {
  connections: 50,
  seconds: 10,
  warmup: { connections: 10, duration: 2 },
  memoryConnections: 100,
  memorySeconds: 30,
  restSeconds: 10,
  /** After the rest period, RSS is watched until it is under this (the target), for up to
   * watchSeconds after the load: for information only. */
  watchBelowBytes: 150 * 1024 * 1024,
  watchSeconds: 60,
  sequentialFetches: 200,
  /** What Chromium sends: the server compresses pages (and its cache keeps them uncompressed). */
  acceptEncoding: 'gzip, deflate, br',
} as const;
export const PROFILE_PATH = `/user_profile/${PROFILE_ID}`;

/** One autocannon run: the mock API's load figures, and what this bench adds to them. */
export interface CannonFigures extends Omit<LoadFigures, 'method'> {
  name: string;
  /** What each connection sends in turn. */
  requests: string[];
  acceptEncoding: string | null;
  warmup: boolean;
  statusCodes: Record<string, number>;
  /** The machine's 1-minute load average when the run started and ended (it is shared). */
  loadAverage: [number, number];
}

/** The server's own counters (its /metrics) that say what a run made it do. */
export interface ServerCounters {
  renders: number;
  renderSeconds: number;
  lookups: Record<string, number>;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
}

export interface ServerWork {
  renders: number;
  meanRenderMs: number;
  lookups: Record<string, number>;
}

let refCounter = 0;
/** The profile page with a query no earlier request had: a miss of the page cache, a hit of the
 * lookup cache (the lookup is by profile id). */
const uncachedProfile = (): autocannon.Request => ({
  path: PROFILE_PATH,
  setupRequest: (request) => ({
    ...request,
    path: `${PROFILE_PATH}?show=true&ref=${(refCounter += 1)}`,
  }),
});
const cachedProfile: autocannon.Request = { path: PROFILE_PATH };

async function cannon(
  name: string,
  baseUrl: string,
  requests: autocannon.Request[],
  options: {
    connections?: number;
    seconds?: number;
    warmup?: boolean;
    acceptEncoding?: string | null;
  } = {},
): Promise<CannonFigures> {
  const acceptEncoding =
    options.acceptEncoding === undefined ? PRODUCTION.acceptEncoding : options.acceptEncoding;
  const warmup = options.warmup ?? true;
  const loadBefore = os.loadavg()[0]!;
  const result = await autocannon({
    url: `${baseUrl}${requests[0]?.path ?? '/'}`,
    connections: options.connections ?? PRODUCTION.connections,
    duration: options.seconds ?? PRODUCTION.seconds,
    headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
    requests,
    ...(warmup ? { warmup: PRODUCTION.warmup } : {}),
  });
  const statusCodes = statusCounts(result);
  return {
    name,
    url: baseUrl,
    requests: requests.map((r) =>
      r.setupRequest ? `${PROFILE_PATH}?show=true&ref=<n>` : (r.path ?? '/'),
    ),
    acceptEncoding,
    warmup,
    ...cannonFigures(result),
    statusCodes,
    loadAverage: [round(loadBefore, 2), round(os.loadavg()[0]!, 2)],
  };
}

/** `metricsUrl`: the server's metrics port (METRICS_PORT), where its /metrics is served. */
export async function serverCounters(metricsUrl: string): Promise<ServerCounters> {
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

function workBetween(before: ServerCounters, after: ServerCounters): ServerWork {
  const renders = after.renders - before.renders;
  const lookups: Record<string, number> = {};
  for (const [source, count] of Object.entries(after.lookups)) {
    const diff = count - (before.lookups[source] ?? 0);
    if (diff > 0) lookups[source] = diff;
  }
  return {
    renders,
    meanRenderMs: renders > 0 ? ((after.renderSeconds - before.renderSeconds) / renders) * 1000 : 0,
    lookups,
  };
}

/** A load run with what it made the server do (renders, lookups), from the server's /metrics. */
async function measured(
  server: ProductionServer,
  run: () => Promise<CannonFigures>,
): Promise<CannonFigures & { server: ServerWork }> {
  const before = await serverCounters(server.metricsUrl);
  const figures = await run();
  return { ...figures, server: workBetween(before, await serverCounters(server.metricsUrl)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ThroughputReport {
  pid: number;
  process: string;
  static: CannonFigures & { server: ServerWork };
  profile: CannonFigures & { server: ServerWork };
  profileOverStatic: number;
  /** Every request a fresh read (?show=true, as just after a send): looked up and rendered each time, never cached. */
  uncached: CannonFigures & { server: ServerWork };
  /** The cached profile page without Accept-Encoding: what compressing each answer costs. */
  uncompressed: CannonFigures & { server: ServerWork };
}

export interface MemorySample {
  /** Seconds since the load started (negative: before). */
  t: number;
  rssBytes: number;
}

export interface MemoryReport {
  pid: number;
  process: string;
  load: CannonFigures;
  rssBeforeBytes: number;
  rssPeakDuringLoadBytes: number;
  rssAfterLoadBytes: number;
  rssAfterRestBytes: number;
  /** The lowest RSS seen within the rest period (sampled every second). */
  rssLowestInRestBytes: number;
  /** Seconds after the load until RSS was first under watchBelowBytes (null: not within
   * watchSeconds); watched past the rest period only while it is not. */
  belowLineAfterSeconds: number | null;
  rssLowestWatchedBytes: number;
  samples: MemorySample[];
  heap: {
    before: ServerCounters;
    afterLoad: ServerCounters;
    afterRest: ServerCounters;
    afterWatch: ServerCounters;
  };
}

export interface CacheStatusCount {
  total: number;
  /** Served from nginx's cache: HIT, STALE, UPDATING, REVALIDATED. */
  fromCache: number;
  ratio: number;
  byStatus: Record<string, number>;
}

export interface AccessLogLine {
  time: string;
  request: string;
  status: number;
  cache: string;
  upstream: string;
  upstreamStatus: string;
  /** $request_time and $upstream_response_time, in seconds ("-" when none). */
  requestSeconds: number;
  upstreamSeconds: string;
}

export interface FailoverReport {
  load: CannonFigures;
  stoppedPort: number;
  /** Seconds after the load started that SIGTERM was sent. */
  sigtermAtSeconds: number;
  /** Seconds from SIGTERM until the process had exited (null: not within the wait). */
  exitedAfterSeconds: number | null;
  exitCode: number | null;
  exitedWithinLoad: boolean;
  accessLog: {
    lines: number;
    failedAnswers: number;
    /** Requests nginx sent to more than one process (the first refused or dropped them). */
    retriedToAnotherProcess: number;
    byUpstream: Record<string, number>;
    cache: CacheStatusCount;
    /** Whole seconds between SIGTERM and the stopped process's last answer through nginx. */
    lastAnswerFromStoppedAfterSeconds: number | null;
    /** The slowest requests of the run, as nginx logged them. */
    slowest: AccessLogLine[];
  };
  /** nginx error.log lines written during the run, by kind. */
  errorLog: Record<string, number>;
}

export interface ScaleOutReport {
  nginx: string;
  upstreams: number[];
  direct: CannonFigures;
  proxied: CannonFigures;
  proxiedOverDirect: number;
  /** X-Cache-Status of every request of the proxied run (nginx's access log). */
  cacheDuringLoad: CacheStatusCount;
  /** X-Cache-Status of sequential fetches right after the load. */
  cacheSequential: CacheStatusCount;
}

export interface ProductionReport {
  mockApi: string;
  settings: typeof PRODUCTION & { profilePath: string };
  throughput: ThroughputReport | null;
  memory: MemoryReport | null;
  scaleOut: ScaleOutReport | null;
  failover: FailoverReport | null;
}

const CACHE_SERVED = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];

function countCacheStatuses(values: readonly string[]): CacheStatusCount {
  const byStatus: Record<string, number> = {};
  for (const value of values) byStatus[value] = (byStatus[value] ?? 0) + 1;
  const fromCache = values.filter((v) => CACHE_SERVED.includes(v)).length;
  return {
    total: values.length,
    fromCache,
    ratio: values.length > 0 ? fromCache / values.length : 0,
    byStatus,
  };
}

/** The `grati` log format of deploy/nginx.conf. */
const ACCESS_LINE =
  /^\S+ \[([^\]]+)\] "([^"]*)" (\d{3}) \d+ cache=(\S*) upstream=(.*) upstream_status=(.*) rt=(\S+) urt=(.*)$/;

export function parseAccessLog(text: string): AccessLogLine[] {
  const lines: AccessLogLine[] = [];
  for (const line of text.split('\n')) {
    const m = ACCESS_LINE.exec(line);
    if (!m) continue;
    lines.push({
      time: m[1]!,
      request: m[2]!,
      status: Number(m[3]),
      cache: m[4]!,
      upstream: m[5]!,
      upstreamStatus: m[6]!,
      requestSeconds: Number(m[7]),
      upstreamSeconds: m[8]!,
    });
  }
  return lines;
}

/** nginx's $time_local ("24/Nov/2026:05:49:00 +0000") as ms since the epoch. */
function parseTimeLocal(text: string): number {
  const m = /^(\d+)\/(\w+)\/(\d+):(\d+):(\d+):(\d+) ([+-]\d{2})(\d{2})$/.exec(text);
  if (!m) return Number.NaN;
  const month = 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(m[2]!) / 3;
  const offset = (Number(m[7]) * 60 + Math.sign(Number(m[7])) * Number(m[8])) * 60_000;
  return (
    Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])) - offset
  );
}

/** A log file's end, to read what is written after it (nginx flushes its buffer every 1 s). */
async function logMark(file: string): Promise<number> {
  await sleep(1_500);
  return (await stat(file).catch(() => ({ size: 0 }))).size;
}
async function logSince(file: string, mark: number): Promise<string> {
  await sleep(1_500);
  return (await readFile(file).catch(() => Buffer.alloc(0))).subarray(mark).toString('utf8');
}

/** error.log lines by kind: the message without its addresses, request and ids. */
function errorKinds(text: string): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client:|$)/.exec(line);
    if (!m) continue;
    const kind = `[${m[1]}] ${m[2]!.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, 'ADDR')}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

/**
 * The section's processes and measurements. Every process it starts is stopped by `stopAll` (the
 * bench's clean-up), also when a step fails halfway.
 */
export class ProductionBench {
  private readonly processes: GroupProcess[] = [];
  mockApi: GroupProcess | null = null;

  constructor(
    private readonly tmp: string,
    private readonly log: (message: string) => void,
  ) {}

  /** The logs of the processes started so far (printed when a step fails). */
  get logs(): { logFile: string; exitedEarly: () => string | null }[] {
    return this.processes.flatMap((process) => [
      process,
      ...('errorLog' in process
        ? [{ logFile: process.errorLog as string, exitedEarly: process.exitedEarly }]
        : []),
    ]);
  }

  private track<T extends GroupProcess>(process: T): T {
    this.processes.push(process);
    return process;
  }

  private get apiBaseUrl(): string {
    if (!this.mockApi) throw new Error('the mock API is not running');
    const exit = this.mockApi.exitedEarly();
    if (exit) throw new Error(`the mock API ${exit}`);
    return `${this.mockApi.baseUrl}/api`;
  }

  private server(name: string, options: { port?: number; publicOrigin?: string } = {}) {
    return startProductionServer({
      name,
      apiBaseUrl: this.apiBaseUrl,
      logFile: path.join(this.tmp, `${name.replace(/\W+/g, '-')}.log`),
      ...options,
    }).then((server) => this.track(server));
  }

  async setup(): Promise<string> {
    const dataDir = await mkdtemp(path.join(this.tmp, 'mock-api-data-'));
    this.mockApi = this.track(await startMockApi(dataDir, path.join(this.tmp, 'mock-api.log')));
    return `${this.mockApi.baseUrl}/api (npm run mock-api, pid ${this.mockApi.pid}, data ${dataDir})`;
  }

  async throughput(): Promise<ThroughputReport> {
    const server = await this.server('server-throughput');
    const process = await assertNodeServer(server.pid);
    this.log(`  server ${server.baseUrl} (pid ${server.pid}, ${process})`);
    try {
      const report = (r: CannonFigures & { server: ServerWork }) => {
        this.log(
          `  ${r.name}: ${Math.round(r.requestsPerSecond)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}; renders ${r.server.renders} (mean ${r.server.meanRenderMs.toFixed(1)} ms)`,
        );
        return r;
      };
      const staticPage = report(
        await measured(server, () => cannon('static /', server.baseUrl, [{ path: '/' }])),
      );
      const profile = report(
        await measured(server, () => cannon('profile page', server.baseUrl, [cachedProfile])),
      );
      const uncached = report(
        await measured(server, () =>
          cannon('profile page, a fresh read (?show=true) each request', server.baseUrl, [
            uncachedProfile(),
          ]),
        ),
      );
      const uncompressed = report(
        await measured(server, () =>
          cannon('profile page, no Accept-Encoding', server.baseUrl, [cachedProfile], {
            acceptEncoding: null,
          }),
        ),
      );
      return {
        pid: server.pid,
        process,
        static: staticPage,
        profile,
        profileOverStatic: profile.requestsPerSecond / staticPage.requestsPerSecond,
        uncached,
        uncompressed,
      };
    } finally {
      await server.stop();
    }
  }

  async memory(): Promise<MemoryReport> {
    const server = await this.server('server-memory');
    const process = await assertNodeServer(server.pid);
    this.log(`  server ${server.baseUrl} (pid ${server.pid}, ${process}), fresh`);
    try {
      // Every route's code loaded once, then a quiet moment.
      for (const url of ['/', PROFILE_PATH, `${PROFILE_PATH}?show=true&ref=warm`]) {
        await (await fetch(`${server.baseUrl}${url}`)).text();
      }
      await sleep(2_000);
      const samples: MemorySample[] = [];
      const rssBeforeBytes = await residentBytes(server.pid);
      samples.push({ t: 0, rssBytes: rssBeforeBytes });
      const heapBefore = await serverCounters(server.metricsUrl);
      const started = Date.now();
      const sampler = setInterval(() => {
        residentBytes(server.pid).then(
          (rssBytes) => samples.push({ t: (Date.now() - started) / 1000, rssBytes }),
          () => {},
        );
      }, 1_000);
      let load: CannonFigures;
      try {
        load = await cannon(
          'profile page, every other request a fresh read (?show=true)',
          server.baseUrl,
          [cachedProfile, uncachedProfile()],
          {
            connections: PRODUCTION.memoryConnections,
            seconds: PRODUCTION.memorySeconds,
            warmup: false,
          },
        );
      } finally {
        clearInterval(sampler);
      }
      const rssAfterLoadBytes = await residentBytes(server.pid);
      const stopped = Date.now();
      samples.push({ t: (stopped - started) / 1000, rssBytes: rssAfterLoadBytes });
      const heapAfterLoad = await serverCounters(server.metricsUrl);
      const rssPeakDuringLoadBytes = Math.max(...samples.map((s) => s.rssBytes));
      this.log(
        `  load: ${Math.round(load.requestsPerSecond)} req/s, p99 ${load.latencyP99Ms} ms, non-2xx ${load.non2xx}, errors ${load.errors}; RSS before ${mb(rssBeforeBytes)}, peak ${mb(rssPeakDuringLoadBytes)}, after ${mb(rssAfterLoadBytes)}`,
      );
      const rest: number[] = [];
      for (let second = 1; second <= PRODUCTION.restSeconds; second += 1) {
        await sleep(stopped + second * 1000 - Date.now());
        const rssBytes = await residentBytes(server.pid);
        rest.push(rssBytes);
        samples.push({ t: (Date.now() - started) / 1000, rssBytes });
      }
      const heapAfterRest = await serverCounters(server.metricsUrl);
      // Not a target: how long the memory takes to come back under the line, if it does (watched
      // for up to a minute after the load, every second).
      let settledAfterSeconds: number | null = null;
      let lowest = Math.min(...rest);
      for (
        let second = PRODUCTION.restSeconds + 1;
        second <= PRODUCTION.watchSeconds;
        second += 1
      ) {
        if (lowest < PRODUCTION.watchBelowBytes) break;
        await sleep(stopped + second * 1000 - Date.now());
        const rssBytes = await residentBytes(server.pid);
        samples.push({ t: (Date.now() - started) / 1000, rssBytes });
        lowest = Math.min(lowest, rssBytes);
        if (rssBytes < PRODUCTION.watchBelowBytes) settledAfterSeconds = second;
      }
      if (settledAfterSeconds === null) {
        const first = rest.findIndex((bytes) => bytes < PRODUCTION.watchBelowBytes);
        if (first >= 0) settledAfterSeconds = first + 1;
      }
      const report: MemoryReport = {
        pid: server.pid,
        process,
        load,
        rssBeforeBytes,
        rssPeakDuringLoadBytes,
        rssAfterLoadBytes,
        rssAfterRestBytes: rest[rest.length - 1]!,
        rssLowestInRestBytes: Math.min(...rest),
        belowLineAfterSeconds: settledAfterSeconds,
        rssLowestWatchedBytes: lowest,
        samples: samples.map((s) => ({ t: Math.round(s.t * 10) / 10, rssBytes: s.rssBytes })),
        heap: {
          before: heapBefore,
          afterLoad: heapAfterLoad,
          afterRest: heapAfterRest,
          afterWatch: await serverCounters(server.metricsUrl),
        },
      };
      this.log(
        `  ${PRODUCTION.restSeconds} s later: RSS ${mb(report.rssAfterRestBytes)} (lowest ${mb(report.rssLowestInRestBytes)}); V8 heap used ${mb(heapAfterRest.heapUsedBytes)} of ${mb(heapAfterRest.heapTotalBytes)} (right after the load: ${mb(heapAfterLoad.heapUsedBytes)} of ${mb(heapAfterLoad.heapTotalBytes)}); under ${mb(PRODUCTION.watchBelowBytes)} ${settledAfterSeconds === null ? `not within ${PRODUCTION.watchSeconds} s` : `after ${settledAfterSeconds} s`} (lowest ${mb(lowest)})`,
      );
      return report;
    } finally {
      await server.stop();
    }
  }

  /** nginx and its two upstream processes, from scaleOut until stopCluster. */
  private cluster: { nginx: NginxProcess; a: GroupProcess; b: GroupProcess } | null = null;

  /** (a) one process direct, (b) nginx in front of two, (c) nginx's cache hit ratio. */
  async scaleOut(): Promise<ScaleOutReport> {
    const nginxPort = await freePort();
    // Both processes serve the site as it is seen through nginx.
    const publicOrigin = `http://localhost:${nginxPort}`;
    const a = await this.server('server-upstream-a', { publicOrigin });
    const b = await this.server('server-upstream-b', { publicOrigin });
    // nginx's workers run as nobody when the bench runs as root: the temp dir (mode 700 from
    // mkdtemp) must let them through to nginx's own folders (mode 755).
    await chmod(this.tmp, 0o711);
    const dir = await mkdtemp(path.join(this.tmp, 'nginx-'));
    const nginx = this.track(await startNginx(dir, [a.port, b.port], nginxPort));
    this.cluster = { nginx, a, b };
    this.log(
      `  ${nginx.version}: ${nginx.baseUrl} (pid ${nginx.pid}) -> ${a.baseUrl} (pid ${a.pid}), ${b.baseUrl} (pid ${b.pid}); config ${nginx.configFile}`,
    );

    const direct = await cannon('(a) one process, direct', a.baseUrl, [cachedProfile]);
    this.log(`  (a) one process direct: ${describe(direct)}`);

    const mark = await logMark(nginx.accessLog);
    const proxied = await cannon('(b) nginx + 2 processes', nginx.baseUrl, [cachedProfile]);
    const proxiedLines = parseAccessLog(await logSince(nginx.accessLog, mark));
    const cacheDuringLoad = countCacheStatuses(proxiedLines.map((l) => l.cache));
    this.log(
      `  (b) nginx in front of both: ${describe(proxied)}; served from its cache: ${pct(cacheDuringLoad.ratio)} of ${cacheDuringLoad.total} (${JSON.stringify(cacheDuringLoad.byStatus)})`,
    );

    const statuses: string[] = [];
    for (let i = 0; i < PRODUCTION.sequentialFetches; i += 1) {
      const response = await fetch(`${nginx.baseUrl}${PROFILE_PATH}`, {
        headers: { 'Accept-Encoding': PRODUCTION.acceptEncoding },
      });
      await response.arrayBuffer();
      statuses.push(response.headers.get('X-Cache-Status') ?? '(none)');
    }
    const cacheSequential = countCacheStatuses(statuses);
    this.log(
      `  (c) ${PRODUCTION.sequentialFetches} sequential fetches: ${pct(cacheSequential.ratio)} from the cache (${JSON.stringify(cacheSequential.byStatus)})`,
    );
    return {
      nginx: nginx.version,
      upstreams: [a.port, b.port],
      direct,
      proxied,
      proxiedOverDirect: proxied.requestsPerSecond / direct.requestsPerSecond,
      cacheDuringLoad,
      cacheSequential,
    };
  }

  /** (d) a run through nginx, cached and uncached pages, with one process stopped halfway. */
  async failover(): Promise<FailoverReport> {
    if (!this.cluster) throw new Error('nginx is not running (the scale-out step failed)');
    const { nginx, b: victim } = this.cluster;
    for (const process of [nginx, this.cluster.a, victim]) {
      const exit = process.exitedEarly();
      if (exit) throw new Error(`${process.name} ${exit}`);
    }
    const errorMark = (await stat(nginx.errorLog).catch(() => ({ size: 0 }))).size;
    const accessMark = await logMark(nginx.accessLog);
    const seconds = PRODUCTION.seconds;
    const started = Date.now();
    const stop: { at: number; exit: Promise<ProcessExit> | null } = { at: 0, exit: null };
    const timer = setTimeout(
      () => {
        stop.at = Date.now();
        stop.exit = victim.terminate();
      },
      (seconds * 1000) / 2,
    );
    let load: CannonFigures;
    try {
      load = await cannon(
        '(d) nginx + 2 processes, one stopped halfway',
        nginx.baseUrl,
        [cachedProfile, uncachedProfile()],
        { warmup: false },
      );
    } finally {
      clearTimeout(timer);
    }
    const loadEnded = Date.now();
    // The server drains for up to 10 s (its SHUTDOWN_GRACE_MS) after SIGTERM.
    const ended = stop.exit
      ? await Promise.race([stop.exit, sleep(15_000).then(() => null)])
      : null;
    const lines = parseAccessLog(await logSince(nginx.accessLog, accessMark));
    const errorText = (await readFile(nginx.errorLog).catch(() => Buffer.alloc(0)))
      .subarray(errorMark)
      .toString('utf8');
    const victimAddress = `127.0.0.1:${victim.port}`;
    const byUpstream: Record<string, number> = {};
    for (const line of lines) byUpstream[line.upstream] = (byUpstream[line.upstream] ?? 0) + 1;
    const fromVictim = lines
      .filter((l) => l.upstream.split(', ').at(-1) === victimAddress)
      .map((l) => parseTimeLocal(l.time));
    const lastFromVictim = fromVictim.length > 0 ? Math.max(...fromVictim) : Number.NaN;
    const report: FailoverReport = {
      load,
      stoppedPort: victim.port,
      sigtermAtSeconds: stop.at ? (stop.at - started) / 1000 : Number.NaN,
      exitedAfterSeconds: ended && stop.at ? (ended.at - stop.at) / 1000 : null,
      exitCode: ended?.code ?? null,
      exitedWithinLoad: ended !== null && ended.at <= loadEnded,
      accessLog: {
        lines: lines.length,
        failedAnswers: lines.filter((l) => l.status < 200 || l.status >= 400).length,
        retriedToAnotherProcess: lines.filter((l) => l.upstream.includes(',')).length,
        byUpstream,
        cache: countCacheStatuses(lines.map((l) => l.cache)),
        lastAnswerFromStoppedAfterSeconds:
          stop.at && Number.isFinite(lastFromVictim)
            ? Math.round((lastFromVictim - Math.floor(stop.at / 1000) * 1000) / 1000)
            : null,
        slowest: [...lines].sort((x, y) => y.requestSeconds - x.requestSeconds).slice(0, 10),
      },
      errorLog: errorKinds(errorText),
    };
    this.log(
      `  (d) SIGTERM to ${victimAddress} at ${report.sigtermAtSeconds.toFixed(1)} s: ${describe(load)}, timeouts ${load.timeouts}; it exited ${report.exitedAfterSeconds === null ? 'NOT within 15 s' : `after ${report.exitedAfterSeconds.toFixed(1)} s (code ${report.exitCode})`}; retried to the other process: ${report.accessLog.retriedToAnotherProcess}; error.log: ${JSON.stringify(report.errorLog)}`,
    );
    return report;
  }

  /** Stops nginx and its two processes (also done by stopAll). */
  async stopCluster(): Promise<void> {
    if (!this.cluster) return;
    const { nginx, a, b } = this.cluster;
    this.cluster = null;
    for (const process of [nginx, a, b]) await process.stop();
  }

  async stopAll(): Promise<void> {
    for (const process of [...this.processes].reverse()) await process.stop();
  }
}

const MB = 1024 * 1024;
export const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const describe = (r: CannonFigures) =>
  `${Math.round(r.requestsPerSecond)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
