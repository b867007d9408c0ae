// The `server` section's last steps: two production server processes behind nginx
// (deploy/nginx.conf): (a) one process direct against (b) nginx in front of both, (c) how much
// nginx's cache answered, and (d) one process stopped (SIGTERM) in the middle of a run.
import { chmod, mkdtemp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { freePort, type GroupProcess, type ProcessExit } from '../scripts/serverProcess';
import { PROFILE_PATH } from './demo';
import { ms, percent, times } from './format';
import type { Harness } from './harness';
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
} from './load';
import { freshServer, sleep, startNginx } from './processes';
import type { FigureGroup } from './reporter';

/** Step (c): fetches in a row right after (b), each one's X-Cache-Status read. */
export const SEQUENTIAL_FETCHES = 200;
const CACHE_SERVED = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];

/** How many answers nginx's cache gave: HIT, STALE, UPDATING and REVALIDATED count. */
function countCacheStatuses(values: readonly string[]) {
  const byStatus: Record<string, number> = {};
  for (const value of values) byStatus[value] = (byStatus[value] ?? 0) + 1;
  const fromCache = values.filter((v) => CACHE_SERVED.includes(v)).length;
  const ratio = values.length > 0 ? fromCache / values.length : 0;
  return { total: values.length, fromCache, ratio, byStatus };
}
type CacheStatusCount = ReturnType<typeof countCacheStatuses>;

/** The `grati` log format of deploy/nginx.conf. */
const ACCESS_LINE =
  /^\S+ \[([^\]]+)\] "([^"]*)" (\d{3}) \d+ cache=(\S*) upstream=(.*) upstream_status=(.*) rt=(\S+) urt=(.*)$/;

export function parseAccessLog(text: string) {
  return text.split('\n').flatMap((line) => {
    const m = ACCESS_LINE.exec(line);
    if (!m) return [];
    const [time, request, status, cache, upstream, upstreamStatus, rt, upstreamSeconds] = m.slice(
      1,
    ) as string[];
    /** $request_time and $upstream_response_time, in seconds ("-" when none). */
    const times = { requestSeconds: Number(rt), upstreamSeconds: upstreamSeconds! };
    return [
      {
        time: time!,
        request: request!,
        status: Number(status),
        cache: cache!,
        upstream: upstream!,
        upstreamStatus: upstreamStatus!,
        ...times,
      },
    ];
  });
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
async function logSince(file: string, mark: number, wait = 1_500): Promise<string> {
  await sleep(wait);
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

type Cluster = { nginx: Awaited<ReturnType<typeof startNginx>>; a: GroupProcess; b: GroupProcess };

/** (a) one process direct, (b) nginx in front of two, (c) nginx's cache hit ratio. */
async function scaleOutOn(h: Harness, mockApi: GroupProcess) {
  const nginxPort = await freePort();
  // Both processes serve the site as it is seen through nginx.
  const publicOrigin = `http://localhost:${nginxPort}`;
  const { server: a } = await freshServer(h, mockApi, 'server-upstream-a', publicOrigin);
  const { server: b } = await freshServer(h, mockApi, 'server-upstream-b', publicOrigin);
  // nginx's workers run as nobody when the bench runs as root: the temp dir (mode 700 from
  // mkdtemp) must let them through to nginx's own folders (mode 755).
  await chmod(h.tmp, 0o711);
  const nginx = h.track(
    await startNginx(await mkdtemp(path.join(h.tmp, 'nginx-')), [a.port, b.port], nginxPort),
  );
  h.log(
    `  ${nginx.version}: ${nginx.baseUrl} (pid ${nginx.pid}) -> ${a.baseUrl}, ${b.baseUrl}; config ${nginx.configFile}`,
  );
  const direct = await serverLoad('(a) one process, direct', a.baseUrl, [cachedProfile]);
  h.log(`  (a) one process direct: ${describeLoad(direct)}`);
  const mark = await logMark(nginx.accessLog);
  const proxied = await serverLoad('(b) nginx + 2 processes', nginx.baseUrl, [cachedProfile]);
  const lines = parseAccessLog(await logSince(nginx.accessLog, mark));
  const cacheDuringLoad = countCacheStatuses(lines.map((l) => l.cache));
  h.log(
    `  (b) nginx in front of both: ${describeLoad(proxied)}; from its cache: ${percent(cacheDuringLoad.ratio)}`,
  );
  const statuses: string[] = [];
  for (let i = 0; i < SEQUENTIAL_FETCHES; i += 1) {
    const response = await fetch(`${nginx.baseUrl}${PROFILE_PATH}`, {
      headers: { 'Accept-Encoding': SERVER_LOAD.acceptEncoding },
    });
    await response.arrayBuffer();
    statuses.push(response.headers.get('X-Cache-Status') ?? '(none)');
  }
  const cacheSequential = countCacheStatuses(statuses);
  h.log(
    `  (c) ${SEQUENTIAL_FETCHES} fetches in a row: ${percent(cacheSequential.ratio)} from the cache`,
  );
  const report = {
    nginx: nginx.version,
    upstreams: [a.port, b.port],
    direct,
    proxied,
    proxiedOverDirect: proxied.requestsPerSecond / direct.requestsPerSecond,
    /** X-Cache-Status of every request of the proxied run (nginx's access log). */
    cacheDuringLoad,
    /** X-Cache-Status of sequential fetches right after the load. */
    cacheSequential,
  };
  return { report, cluster: { nginx, a, b } };
}

/** (d) a run through nginx, cached and uncached pages, with one process stopped halfway. */
async function failoverOn(h: Harness, { nginx, a, b: victim }: Cluster) {
  for (const process of [nginx, a, victim]) h.assertAlive(process);
  const errorMark = (await stat(nginx.errorLog).catch(() => ({ size: 0 }))).size;
  const accessMark = await logMark(nginx.accessLog);
  const started = Date.now();
  const stop: { at: number; exit: Promise<ProcessExit> | null } = { at: 0, exit: null };
  const halfway = (SERVER_LOAD.seconds * 1000) / 2;
  const timer = setTimeout(
    () => Object.assign(stop, { at: Date.now(), exit: victim.terminate() }),
    halfway,
  );
  const load = await serverLoad(
    '(d) nginx + 2 processes, one stopped halfway',
    nginx.baseUrl,
    [cachedProfile, uncachedProfile()],
    { warmup: false },
  ).finally(() => clearTimeout(timer));
  const loadEnded = Date.now();
  // The server drains for up to 10 s (its SHUTDOWN_GRACE_MS) after SIGTERM.
  const ended = stop.exit ? await Promise.race([stop.exit, sleep(15_000).then(() => null)]) : null;
  const lines = parseAccessLog(await logSince(nginx.accessLog, accessMark));
  const victimAddress = `127.0.0.1:${victim.port}`;
  const byUpstream: Record<string, number> = {};
  for (const line of lines) byUpstream[line.upstream] = (byUpstream[line.upstream] ?? 0) + 1;
  const fromVictim = lines
    .filter((l) => l.upstream.split(', ').at(-1) === victimAddress)
    .map((l) => parseTimeLocal(l.time));
  const lastFromVictim = fromVictim.length > 0 ? Math.max(...fromVictim) : Number.NaN;
  const report = {
    load,
    stoppedPort: victim.port,
    /** Seconds after the load started that SIGTERM was sent. */
    sigtermAtSeconds: stop.at ? (stop.at - started) / 1000 : Number.NaN,
    /** Seconds from SIGTERM until the process had exited (null: not within the wait). */
    exitedAfterSeconds: ended && stop.at ? (ended.at - stop.at) / 1000 : null,
    exitCode: ended?.code ?? null,
    exitedWithinLoad: ended !== null && ended.at <= loadEnded,
    accessLog: {
      lines: lines.length,
      failedAnswers: lines.filter((l) => l.status < 200 || l.status >= 400).length,
      /** Requests nginx sent to more than one process (the first refused or dropped them). */
      retriedToAnotherProcess: lines.filter((l) => l.upstream.includes(',')).length,
      byUpstream,
      cache: countCacheStatuses(lines.map((l) => l.cache)),
      /** Whole seconds between SIGTERM and the stopped process's last answer through nginx. */
      lastAnswerFromStoppedAfterSeconds:
        stop.at && Number.isFinite(lastFromVictim)
          ? Math.round((lastFromVictim - Math.floor(stop.at / 1000) * 1000) / 1000)
          : null,
      slowest: [...lines].sort((x, y) => y.requestSeconds - x.requestSeconds).slice(0, 10),
    },
    /** nginx error.log lines written during the run, by kind. */
    errorLog: errorKinds(await logSince(nginx.errorLog, errorMark, 0)),
  };
  h.log(
    `  (d) SIGTERM to ${victimAddress} at ${report.sigtermAtSeconds.toFixed(1)} s: ${describeLoad(load)}; it exited ${report.exitedAfterSeconds === null ? 'NOT within 15 s' : `after ${report.exitedAfterSeconds.toFixed(1)} s (code ${report.exitCode})`}; retried to the other process: ${report.accessLog.retriedToAnotherProcess}; error.log: ${JSON.stringify(report.errorLog)}`,
  );
  return report;
}

/** Steps (a) to (c), then (d) when they worked; nginx and both processes stop with the section. */
export async function scaleOut(h: Harness, mockApi: GroupProcess) {
  const done = await h.step('production server: two processes behind nginx, (a) to (c)', () =>
    scaleOutOn(h, mockApi),
  );
  const failover =
    done &&
    (await h.step(
      'production server: (d) one of the two stopped (SIGTERM) in the middle of a run',
      () => failoverOn(h, done.cluster),
    ));
  return { scaleOut: done?.report ?? null, failover: failover ?? null };
}

const cacheBreakdown = (c: CacheStatusCount) =>
  `${c.fromCache} of ${c.total} (HIT, STALE, UPDATING or REVALIDATED); X-Cache-Status: ${Object.entries(
    c.byStatus,
  )
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')}`;

export function scaleOutFigures(s: Awaited<ReturnType<typeof scaleOutOn>>['report']): FigureGroup {
  return {
    group: `Scale-out: ${s.nginx.replace(/^nginx version: /, '')} (deploy/nginx.conf) in front of 2 server processes, profile page, ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.seconds} s each`,
    figures: [
      rateFigure('(a) one process, direct: req/s', s.direct),
      rateFigure('(b) nginx + 2 processes: req/s', s.proxied),
      {
        name: '(a) / (b) latency p99',
        value: `${ms(s.direct.latencyP99Ms)} / ${ms(s.proxied.latencyP99Ms)}`,
      },
      { name: '(b) / (a) req/s', value: s.proxiedOverDirect, unit: times },
      {
        name: '(a), (b) non-2xx / errors / timeouts',
        value: `${failures(s.direct)}, ${failures(s.proxied)}`,
        target: { text: '0 / 0 / 0', met: clean(s.direct) && clean(s.proxied) },
      },
      {
        name: "(c) answered from nginx's cache during (b) (access log)",
        value: s.cacheDuringLoad.ratio,
        unit: percent,
        note: cacheBreakdown(s.cacheDuringLoad),
      },
      {
        name: `(c) answered from nginx's cache, ${SEQUENTIAL_FETCHES} fetches in a row after (b)`,
        value: s.cacheSequential.ratio,
        unit: percent,
        note: cacheBreakdown(s.cacheSequential),
      },
    ],
  };
}

export function failoverFigures(d: Awaited<ReturnType<typeof failoverOn>>): FigureGroup {
  const log = d.accessLog;
  const slowest = log.slowest
    .slice(0, 3)
    .map(
      (l) =>
        `${l.requestSeconds.toFixed(3)} s ${l.request.split(' ')[1]} (cache ${l.cache}, upstream ${l.upstream} ${l.upstreamSeconds} s)`,
    );
  const errors = Object.entries(d.errorLog).map(([kind, n]) => `${n} x ${kind}`);
  return {
    group: `Scale-out (d): through nginx, the cached page and a fresh read (?show=true) in turn, ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.seconds} s, one of the 2 processes sent SIGTERM at ${d.sigtermAtSeconds.toFixed(1)} s`,
    figures: [
      {
        name: 'non-2xx / errors / timeouts',
        value: failures(d.load),
        target: { text: '0 / 0 / 0', met: clean(d.load) },
        note: `${d.load.totalRequests} requests, status codes ${JSON.stringify(d.load.statusCodes)}; nginx access log: ${log.lines} lines, ${log.failedAnswers} not 2xx/3xx`,
      },
      rateFigure(
        'req/s',
        d.load,
        `${latencies(d.load)}; slowest in nginx's log: ${slowest.join('; ')}`,
      ),
      {
        name: 'the stopped process exited after SIGTERM',
        value:
          d.exitedAfterSeconds === null
            ? 'not within 15 s'
            : `${d.exitedAfterSeconds.toFixed(1)} s`,
        note: `exit code ${d.exitCode}; ${d.exitedWithinLoad ? 'before' : 'after'} the run ended; its last answer through nginx ${log.lastAnswerFromStoppedAfterSeconds ?? '?'} s after SIGTERM (whole seconds)`,
      },
      {
        name: 'requests nginx passed on to the other process',
        value: log.retriedToAnotherProcess,
        note: `by upstream: ${JSON.stringify(log.byUpstream)}; error.log: ${errors.join('; ') || 'nothing'}`,
      },
    ],
  };
}
