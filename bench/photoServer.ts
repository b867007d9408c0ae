// The real photos section at the production server's image endpoint: page renders and RSS while
// 20 cold resizes run at once, and the helpers the abuse steps (imageAbuse.ts) share.
import { IMAGE_ROUTE } from '../src/config/images';
import type { GroupProcess } from '../scripts/serverProcess';
import { PROFILE_PATH } from './demo';
import { count, mb, ms, round, seconds, times } from './format';
import { SERVER_LOAD, cannon, clean, failures, type LoadFigures } from './load';
import { residentBytes, sampleRss } from './processes';
import type { FigureGroup } from './reporter';

const TARGETS = { resizeLoadP99Ms: 100, resizeLoadRssBytes: 400 * 1024 * 1024 };
/** Cold resizes sent at once while the profile page is under load. */
const CONCURRENT_RESIZES = 20;
const RESIZE_WIDTHS = [2048, 1600, 1280, 1080, 828, 640, 384, 256] as const;
export const RSS_EVERY_MS = 200;

/** What Chromium asks for with an <img> (the endpoint answers WebP to it). */
export const IMAGE_HEADERS = {
  Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
};
export const PAGE_HEADERS = { 'Accept-Encoding': SERVER_LOAD.acceptEncoding };

export const imageAddress = (baseUrl: string, source: string, width: number) =>
  `${baseUrl}${IMAGE_ROUTE}?url=${encodeURIComponent(source)}&w=${width}`;

/** One request, timed until its whole body is in. */
export async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  return {
    url,
    status: response.status,
    ms: round(performance.now() - started, 1),
    bytes: body.byteLength,
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** On a fresh server: the cached profile page under load alone (the reference), then the same
 * load while CONCURRENT_RESIZES cold resizes (distinct widths and photos) are sent at once, until
 * the last is answered; the process's RSS sampled throughout. */
export async function resizesUnderLoad(server: GroupProcess, photos: readonly string[]) {
  const variants = RESIZE_WIDTHS.flatMap((width) =>
    photos.map((photo) => ({ url: imageAddress(server.baseUrl, photo, width), width })),
  ).slice(0, CONCURRENT_RESIZES);
  if (variants.length < CONCURRENT_RESIZES) throw new Error('not enough distinct variants');
  for (const url of ['/', PROFILE_PATH]) await timed(`${server.baseUrl}${url}`, PAGE_HEADERS);
  const page = `${server.baseUrl}${PROFILE_PATH}`;
  type Run = { connections: number; duration: number };
  const load = (name: string, run: Run, until?: Promise<unknown>) =>
    cannon(name, { url: page, ...run, headers: PAGE_HEADERS }, until);
  await load('warm-up', SERVER_LOAD.warmup);
  const rssBeforeBytes = await residentBytes(server.pid);
  const started = Date.now();
  const rss = sampleRss(server.pid, started, RSS_EVERY_MS);
  try {
    const { connections, seconds: duration } = SERVER_LOAD;
    const baseline = await load('cached profile page, no resizes', { connections, duration });
    const rssPeakBaselineBytes = rss.peakSince(0);
    const resizesFrom = (Date.now() - started) / 1000;
    const answers = Promise.all(
      variants.map(async (v) => ({ ...(await timed(v.url, IMAGE_HEADERS)), width: v.width })),
    );
    // Past the last answer, the load would only dilute the figures.
    const name = `cached profile page, ${CONCURRENT_RESIZES} cold resizes at once`;
    const loaded = await load(
      name,
      { connections, duration: 120 },
      answers.catch(() => {}),
    );
    const resizes = await answers;
    return {
      pid: server.pid,
      baseline,
      loaded,
      p99OverBaseline: round(loaded.latencyP99Ms / baseline.latencyP99Ms, 2),
      resizes,
      // Sent together: the slowest answer is the last.
      resizesWallMs: Math.max(...resizes.map((x) => x.ms)),
      rssBeforeBytes,
      rssPeakBaselineBytes,
      rssPeakDuringResizesBytes: rss.peakSince(resizesFrom),
      rssAfterBytes: await residentBytes(server.pid),
    };
  } finally {
    rss.stop();
  }
}

export function resizeFigures(r: Awaited<ReturnType<typeof resizesUnderLoad>>): FigureGroup {
  const answered = r.resizes.filter((x) => x.status === 200).length;
  const run = (l: LoadFigures) => `${count(l.requestsPerSecond)} req/s over ${l.durationSeconds} s`;
  const machine = (l: LoadFigures) => `machine load ${l.loadAverage[0]} -> ${l.loadAverage[1]}`;
  return {
    group: `Production server (pid ${r.pid}, fresh) while ${CONCURRENT_RESIZES} cold resizes of the 12 MP photos run at once: the cached profile page at ${SERVER_LOAD.connections} connections`,
    figures: [
      {
        name: 'profile page p99, no resizes (the reference)',
        value: r.baseline.latencyP99Ms,
        unit: ms,
        note: `${run(r.baseline)}; RSS peak ${mb(r.rssPeakBaselineBytes)}; ${machine(r.baseline)}`,
      },
      {
        name: `profile page p99 while the ${CONCURRENT_RESIZES} resizes run`,
        value: r.loaded.latencyP99Ms,
        unit: ms,
        target: { atMost: TARGETS.resizeLoadP99Ms, when: clean(r.loaded) },
        note: `${times(r.p99OverBaseline)} the reference; p50 ${ms(r.loaded.latencyP50Ms)}; ${run(r.loaded)}; non-2xx / errors / timeouts ${failures(r.loaded)}; ${machine(r.loaded)}`,
      },
      {
        name: 'server RSS, peak while the resizes run',
        value: r.rssPeakDuringResizesBytes,
        unit: mb,
        target: { atMost: TARGETS.resizeLoadRssBytes },
        note: `before ${mb(r.rssBeforeBytes)}, peak with no resizes ${mb(r.rssPeakBaselineBytes)}, after ${mb(r.rssAfterBytes)}`,
      },
      {
        name: 'resizes answered 200',
        value: `${answered} of ${r.resizes.length}`,
        target: { text: `${CONCURRENT_RESIZES}`, met: answered === CONCURRENT_RESIZES },
        note: `the last after ${seconds(r.resizesWallMs)}; each ${r.resizes.map((x) => `w=${x.width} ${x.status} ${seconds(x.ms)}`).join(', ')}`,
      },
    ],
  };
}
