// The `server` section's last steps: two production server processes behind nginx
// (deploy/nginx.conf): (a) one process direct against (b) nginx in front of both, (c) how much
// nginx's cache answered, and (d) one process stopped (SIGTERM) in the middle of a run.
import { chmod, mkdtemp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { freePort, type GroupProcess, type ProcessExit } from '../scripts/serverProcess';
import { percent, times } from './format';
import type { Harness } from './harness';
import {
  SERVER_LOAD,
  cachedProfile,
  clean,
  failures,
  rateFigure,
  serverLoad,
  uncachedProfile,
} from './load';
import { freshServer, sleep, startNginx } from './processes';
import type { FigureGroup } from './reporter';

const OK = { text: '0 / 0 / 0' };

/** How many answers nginx's cache gave: HIT, STALE, UPDATING and REVALIDATED count. */
function fromCache(statuses: readonly string[]) {
  const served = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];
  return { total: statuses.length, fromCache: statuses.filter((s) => served.includes(s)).length };
}

/** The `grati` log format of deploy/nginx.conf: each request's cache status and the upstreams
 * tried ("-": none). */
const ACCESS_LINE =
  /^\S+ \[[^\]]+\] "[^"]*" \d{3} \d+ cache=(\S*) upstream=(.*) upstream_status=.* rt=\S+ urt=.*$/;

function parseAccessLog(text: string) {
  return text.split('\n').flatMap((line) => {
    const [matched, cache = '', upstream = ''] = ACCESS_LINE.exec(line) ?? [];
    return matched ? [{ cache, upstream }] : [];
  });
}

/** A log file's end, to read what is written after it (nginx flushes its buffer every 1 s). */
const logMark = (file: string) =>
  sleep(1_500).then(async () => (await stat(file).catch(() => ({ size: 0 }))).size);

async function logSince(file: string, mark: number): Promise<string> {
  await sleep(1_500);
  return (await readFile(file).catch(() => Buffer.alloc(0))).subarray(mark).toString('utf8');
}

/** Two fresh processes, named `a` and `b`, with nginx (deploy/nginx.conf) in front of them, all
 * tracked by the harness (the image steps, bench/imageSpellings.ts, use it too). */
export async function nginxInFront(h: Harness, mockApi: GroupProcess, a: string, b: string) {
  const nginxPort = await freePort();
  // Both processes serve the site as it is seen through nginx.
  const publicOrigin = `http://localhost:${nginxPort}`;
  const servers = [
    await freshServer(h, mockApi, a, publicOrigin),
    await freshServer(h, mockApi, b, publicOrigin),
  ] as const;
  // nginx's workers run as nobody when the bench runs as root: the temp dir (mode 700 from
  // mkdtemp) must let them through to nginx's own folders (mode 755).
  await chmod(h.tmp, 0o711);
  const nginx = h.track(
    await startNginx(
      await mkdtemp(path.join(h.tmp, 'nginx-')),
      servers.map((s) => s.port),
      nginxPort,
    ),
  );
  h.log(`  ${nginx.version}: ${nginx.baseUrl} -> ${servers.map((s) => s.baseUrl).join(', ')}`);
  return { nginx, servers };
}

/** (a) one process direct, (b) nginx in front of two, (c) how much nginx's cache answered during
 * (b); nginx and both processes stop with the section. */
export async function scaleOutOn(h: Harness, mockApi: GroupProcess) {
  const { nginx, servers } = await nginxInFront(
    h,
    mockApi,
    'server-upstream-a',
    'server-upstream-b',
  );
  const [a, b] = servers;
  const direct = await serverLoad('(a) one process, direct', a.baseUrl, [cachedProfile]);
  const mark = await logMark(nginx.accessLog);
  const proxied = await serverLoad('(b) nginx + 2 processes', nginx.baseUrl, [cachedProfile]);
  const lines = parseAccessLog(await logSince(nginx.accessLog, mark));
  const report = {
    nginx: nginx.version,
    direct,
    proxied,
    proxiedOverDirect: proxied.requestsPerSecond / direct.requestsPerSecond,
    /** The cache status of every request of (b), from nginx's access log. */
    cacheDuringLoad: fromCache(lines.map((l) => l.cache)),
  };
  return { report, cluster: { nginx, a, b } };
}

type Cluster = Awaited<ReturnType<typeof scaleOutOn>>['cluster'];

/** (d) a run through nginx, cached and uncached pages, with one process stopped halfway. */
export async function failoverOn(h: Harness, { nginx, a, b: victim }: Cluster) {
  for (const process of [nginx, a, victim]) h.assertAlive(process);
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
  return {
    load,
    /** Seconds after the load started that SIGTERM was sent. */
    sigtermAtSeconds: stop.at ? (stop.at - started) / 1000 : Number.NaN,
    /** Seconds from SIGTERM until the process had exited (null: not within the wait). */
    exitedAfterSeconds: ended && stop.at ? (ended.at - stop.at) / 1000 : null,
    exitCode: ended?.code ?? null,
    exitedWithinLoad: ended !== null && ended.at <= loadEnded,
    /** Requests nginx sent to more than one process (the first refused or dropped them). */
    retriedToAnotherProcess: lines.filter((l) => l.upstream.includes(',')).length,
  };
}

export function scaleOutFigures(s: Awaited<ReturnType<typeof scaleOutOn>>['report']): FigureGroup {
  const cache = s.cacheDuringLoad;
  return {
    group: `Scale-out: ${s.nginx.replace(/^nginx version: /, '')} (deploy/nginx.conf) in front of 2 server processes, profile page, ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.seconds} s each`,
    figures: [
      rateFigure('(a) one process, direct: req/s', s.direct),
      rateFigure('(b) nginx + 2 processes: req/s', s.proxied),
      { name: '(b) / (a) req/s', value: s.proxiedOverDirect, unit: times },
      {
        name: '(a), (b) non-2xx / errors / timeouts',
        value: `${failures(s.direct)}, ${failures(s.proxied)}`,
        target: { ...OK, met: clean(s.direct) && clean(s.proxied) },
      },
      {
        name: "(c) answered from nginx's cache during (b) (access log)",
        value: cache.total > 0 ? cache.fromCache / cache.total : 0,
        unit: percent,
        note: `${cache.fromCache} of ${cache.total} (HIT, STALE, UPDATING or REVALIDATED)`,
      },
    ],
  };
}

export function failoverFigures(d: Awaited<ReturnType<typeof failoverOn>>): FigureGroup {
  const exited = d.exitedAfterSeconds;
  return {
    group: `Scale-out (d): through nginx, the cached page and a fresh read (?show=true) in turn, ${SERVER_LOAD.connections} connections, ${SERVER_LOAD.seconds} s, one of the 2 processes sent SIGTERM at ${d.sigtermAtSeconds.toFixed(1)} s`,
    figures: [
      {
        name: 'non-2xx / errors / timeouts',
        value: failures(d.load),
        target: { ...OK, met: clean(d.load) },
        note: `${d.load.totalRequests} requests, status codes ${JSON.stringify(d.load.statusCodes)}`,
      },
      rateFigure('req/s', d.load),
      {
        name: 'the stopped process exited after SIGTERM',
        value: exited === null ? 'not within 15 s' : `${exited.toFixed(1)} s`,
        note: `exit code ${d.exitCode}; ${d.exitedWithinLoad ? 'before' : 'after'} the run ended`,
      },
      { name: 'requests nginx passed on to the other process', value: d.retriedToAnotherProcess },
    ],
  };
}
