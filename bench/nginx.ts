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
  failures,
  latencies,
  rateFigure,
  serverLoad,
  uncachedProfile,
} from './load';
import { freshServer, sleep, startNginx } from './processes';
import type { FigureGroup } from './reporter';

/** Step (c): fetches in a row right after (b), each one's X-Cache-Status read. */
const SEQUENTIAL_FETCHES = 200;
const OK = { text: '0 / 0 / 0' };

const tally = (values: readonly string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

/** How many answers nginx's cache gave: HIT, STALE, UPDATING and REVALIDATED count. */
function cacheStatuses(values: readonly string[]) {
  const served = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];
  const fromCache = values.filter((v) => served.includes(v)).length;
  const ratio = values.length > 0 ? fromCache / values.length : 0;
  return { total: values.length, fromCache, ratio, byStatus: tally(values) };
}

const cacheFigure = (name: string, c: ReturnType<typeof cacheStatuses>) => ({
  name,
  value: c.ratio,
  unit: percent,
  note: `${c.fromCache} of ${c.total} (HIT, STALE, UPDATING or REVALIDATED); X-Cache-Status: ${Object.entries(
    c.byStatus,
  )
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')}`,
});

/** The `grati` log format of deploy/nginx.conf; the times in seconds ("-": none upstream). */
const ACCESS_LINE =
  /^\S+ \[([^\]]+)\] "([^"]*)" (\d{3}) \d+ cache=(\S*) upstream=(.*) upstream_status=.* rt=(\S+) urt=(.*)$/;

function parseAccessLog(text: string) {
  return text.split('\n').flatMap((line) => {
    const [, time = '', request = '', status, cache = '', upstream = '', rt, upstreamSeconds = ''] =
      ACCESS_LINE.exec(line) ?? [];
    if (!status) return [];
    const requestSeconds = Number(rt);
    return [
      { time, request, status: Number(status), cache, upstream, requestSeconds, upstreamSeconds },
    ];
  });
}

/** nginx's $time_local ("24/Nov/2026:05:49:00 +0000") as ms since the epoch. */
const parseTimeLocal = (text: string) => Date.parse(text.replace(':', ' ').replaceAll('/', ' '));

const logSize = async (file: string) => (await stat(file).catch(() => ({ size: 0 }))).size;

/** A log file's end, to read what is written after it (nginx flushes its buffer every 1 s). */
const logMark = (file: string) => sleep(1_500).then(() => logSize(file));

async function logSince(file: string, mark: number, wait = 1_500): Promise<string> {
  await sleep(wait);
  return (await readFile(file).catch(() => Buffer.alloc(0))).subarray(mark).toString('utf8');
}

/** error.log lines by kind: the message without its addresses, request and ids. */
const errorKinds = (text: string) =>
  tally(
    text.split('\n').flatMap((line) => {
      const m = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client:|$)/.exec(line);
      return m ? [`[${m[1]}] ${m[2]!.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, 'ADDR')}`] : [];
    }),
  );

/** (a) one process direct, (b) nginx in front of two, (c) nginx's cache hit ratio; nginx and
 * both processes stop with the section. */
export async function scaleOutOn(h: Harness, mockApi: GroupProcess) {
  const nginxPort = await freePort();
  // Both processes serve the site as it is seen through nginx.
  const publicOrigin = `http://localhost:${nginxPort}`;
  const a = await freshServer(h, mockApi, 'server-upstream-a', publicOrigin);
  const b = await freshServer(h, mockApi, 'server-upstream-b', publicOrigin);
  // nginx's workers run as nobody when the bench runs as root: the temp dir (mode 700 from
  // mkdtemp) must let them through to nginx's own folders (mode 755).
  await chmod(h.tmp, 0o711);
  const nginx = h.track(
    await startNginx(await mkdtemp(path.join(h.tmp, 'nginx-')), [a.port, b.port], nginxPort),
  );
  h.log(`  ${nginx.version}: ${nginx.baseUrl} -> ${a.baseUrl}, ${b.baseUrl}`);
  const direct = await serverLoad('(a) one process, direct', a.baseUrl, [cachedProfile]);
  const mark = await logMark(nginx.accessLog);
  const proxied = await serverLoad('(b) nginx + 2 processes', nginx.baseUrl, [cachedProfile]);
  const lines = parseAccessLog(await logSince(nginx.accessLog, mark));
  const statuses: string[] = [];
  for (let i = 0; i < SEQUENTIAL_FETCHES; i += 1) {
    const response = await fetch(`${nginx.baseUrl}${PROFILE_PATH}`, {
      headers: { 'Accept-Encoding': SERVER_LOAD.acceptEncoding },
    });
    await response.arrayBuffer();
    statuses.push(response.headers.get('X-Cache-Status') ?? '(none)');
  }
  const report = {
    nginx: nginx.version,
    direct,
    proxied,
    proxiedOverDirect: proxied.requestsPerSecond / direct.requestsPerSecond,
    /** X-Cache-Status of every request of (b) (nginx's access log), then of the fetches. */
    cacheDuringLoad: cacheStatuses(lines.map((l) => l.cache)),
    cacheSequential: cacheStatuses(statuses),
  };
  return { report, cluster: { nginx, a, b } };
}

type Cluster = Awaited<ReturnType<typeof scaleOutOn>>['cluster'];

/** (d) a run through nginx, cached and uncached pages, with one process stopped halfway. */
export async function failoverOn(h: Harness, { nginx, a, b: victim }: Cluster) {
  for (const process of [nginx, a, victim]) h.assertAlive(process);
  const errorMark = await logSize(nginx.errorLog);
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
  const fromVictim = lines
    .filter((l) => l.upstream.split(', ').at(-1) === victimAddress)
    .map((l) => parseTimeLocal(l.time));
  const lastFromVictim = fromVictim.length > 0 ? Math.max(...fromVictim) : Number.NaN;
  return {
    load,
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
      byUpstream: tally(lines.map((l) => l.upstream)),
      /** Whole seconds between SIGTERM and the stopped process's last answer through nginx. */
      lastAnswerFromStoppedAfterSeconds:
        stop.at && Number.isFinite(lastFromVictim)
          ? Math.round((lastFromVictim - Math.floor(stop.at / 1000) * 1000) / 1000)
          : null,
      slowest: [...lines].sort((x, y) => y.requestSeconds - x.requestSeconds).slice(0, 3),
    },
    /** nginx error.log lines written during the run, by kind. */
    errorLog: errorKinds(await logSince(nginx.errorLog, errorMark, 0)),
  };
}

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
        target: { ...OK, met: clean(s.direct) && clean(s.proxied) },
      },
      cacheFigure("(c) answered from nginx's cache during (b) (access log)", s.cacheDuringLoad),
      cacheFigure(
        `(c) answered from nginx's cache, ${SEQUENTIAL_FETCHES} fetches in a row after (b)`,
        s.cacheSequential,
      ),
    ],
  };
}

export function failoverFigures(d: Awaited<ReturnType<typeof failoverOn>>): FigureGroup {
  const log = d.accessLog;
  const slowest = log.slowest.map(
    (l) =>
      `${l.requestSeconds.toFixed(3)} s ${l.request.split(' ')[1]} (cache ${l.cache}, upstream ${l.upstream} ${l.upstreamSeconds} s)`,
  );
  const errors = Object.entries(d.errorLog).map(([kind, n]) => `${n} x ${kind}`);
  const exited = d.exitedAfterSeconds;
  return {
    group: `Scale-out (d): through nginx, the cached page and a fresh read (?show=true) in turn, ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.seconds} s, one of the 2 processes sent SIGTERM at ${d.sigtermAtSeconds.toFixed(1)} s`,
    figures: [
      {
        name: 'non-2xx / errors / timeouts',
        value: failures(d.load),
        target: { ...OK, met: clean(d.load) },
        note: `${d.load.totalRequests} requests, status codes ${JSON.stringify(d.load.statusCodes)}; nginx access log: ${log.lines} lines, ${log.failedAnswers} not 2xx/3xx`,
      },
      rateFigure(
        'req/s',
        d.load,
        `${latencies(d.load)}; slowest in nginx's log: ${slowest.join('; ')}`,
      ),
      {
        name: 'the stopped process exited after SIGTERM',
        value: exited === null ? 'not within 15 s' : `${exited.toFixed(1)} s`,
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
