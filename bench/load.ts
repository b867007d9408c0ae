// One autocannon run and what every section takes from it (req/s: the mean of the per-second
// samples, latencies, failures); and the loads on the production server's pages.
import os from 'node:os';
import autocannon from 'autocannon';
import { PROFILE_PATH } from './demo';
import { count, ms, round } from './format';

export type LoadFigures = Awaited<ReturnType<typeof cannon>>;

/** Runs `options`; `until` stops the run early once it settles (for a run without warm-up). */
export async function cannon(name: string, options: autocannon.Options, until?: Promise<unknown>) {
  const loadBefore = os.loadavg()[0]!;
  const instance = autocannon(options);
  void until?.finally(() => instance.stop());
  const { latency, ...result } = await instance;
  return {
    name,
    connections: result.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: latency.p50,
    latencyP99Ms: latency.p99,
    latencyMaxMs: latency.max,
    totalRequests: latency.totalCount,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    /** The machine's 1-minute load average at the start and the end (the machine is shared). */
    loadAverage: [round(loadBefore, 2), round(os.loadavg()[0]!, 2)] as [number, number],
  };
}

/** Every request answered 2xx, none failed or timed out: else its latencies mean nothing. */
export const clean = (load: LoadFigures) =>
  load.non2xx === 0 && load.errors === 0 && load.timeouts === 0 && load.totalRequests > 0;
export const failures = (load: LoadFigures) => `${load.non2xx} / ${load.errors} / ${load.timeouts}`;
export const latencies = (load: LoadFigures) =>
  `p50 ${ms(load.latencyP50Ms)}, p99 ${ms(load.latencyP99Ms)}, max ${ms(load.latencyMaxMs)}; ${count(load.totalRequests)} requests; machine load ${load.loadAverage[0]} -> ${load.loadAverage[1]}`;

/** A run's req/s as a figure; its note the run's latencies unless given. */
export const rateFigure = (name: string, load: LoadFigures, note = latencies(load)) => ({
  name,
  value: load.requestsPerSecond,
  note,
});

/** Every load on the production server (and nginx) unless said otherwise. */
export const SERVER_LOAD = {
  connections: 50,
  seconds: 10,
  warmup: { connections: 10, duration: 2 },
  /** What Chromium sends: the server compresses pages (and its cache keeps them uncompressed). */
  acceptEncoding: 'gzip, deflate, br',
} as const;

let refCounter = 0;
/** The profile page with a query no earlier request had: a miss of the page cache, a hit of the
 * lookup cache (the lookup is by profile id). */
export const uncachedProfile = (): autocannon.Request => ({
  path: PROFILE_PATH,
  setupRequest: (request) => ({
    ...request,
    path: `${PROFILE_PATH}?show=true&ref=${(refCounter += 1)}`,
  }),
});
export const cachedProfile: autocannon.Request = { path: PROFILE_PATH };

/** A load on the production server (or nginx): SERVER_LOAD unless said otherwise. */
export function serverLoad(
  name: string,
  baseUrl: string,
  requests: autocannon.Request[],
  options: { connections?: number; seconds?: number; warmup?: false } = {},
) {
  return cannon(name, {
    url: `${baseUrl}${requests[0]?.path ?? '/'}`,
    connections: options.connections ?? SERVER_LOAD.connections,
    duration: options.seconds ?? SERVER_LOAD.seconds,
    headers: { 'Accept-Encoding': SERVER_LOAD.acceptEncoding },
    requests,
    ...(options.warmup === false ? {} : { warmup: SERVER_LOAD.warmup }),
  });
}
