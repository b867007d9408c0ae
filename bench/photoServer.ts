// The image endpoint of the production server (`node dist-server/server.js`, started as the
// production section starts it, in front of the mock API alone) on 12 MP photos: cold and warm
// latency against references measured in the same minute, then page renders and the process's
// memory while 20 cold resizes run at once. Run by bench/photos.ts.
import os from 'node:os';
import autocannon from 'autocannon';
import { IMAGE_ROUTE } from '../src/config/images';
import { cannonFigures, statusCounts } from './api';
import { PRODUCTION, PROFILE_PATH, type CannonFigures } from './production';
import { residentBytes, type GroupProcess } from './processes';
import { median, round } from './stats';

/** What Chromium asks for with an <img> (the endpoint answers WebP to it). */
export const CHROMIUM_IMAGE_ACCEPT =
  'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** The widths timed cold and warm: a phone's feed photo (1080) and a smaller one (640). */
export const TIMED_WIDTHS = [1080, 640] as const;
const WARM_REPEATS = 10;
const REFERENCE_REPEATS = 20;
/** Cold resizes sent at once while the profile page is under load. */
export const CONCURRENT_RESIZES = 20;
const RESIZE_WIDTHS = [2048, 1600, 1280, 1080, 828, 640, 384, 256] as const;
const RSS_EVERY_MS = 200;

export interface Timed {
  url: string;
  status: number;
  ms: number;
  bytes: number;
  contentType: string;
}

export interface LatencySeries {
  name: string;
  samples: Timed[];
  medianMs: number;
}

export interface EndpointLatencyReport {
  pid: number;
  /** The cached profile page, one request after another (the reference). */
  cachedPage: LatencySeries;
  /** The original file as the endpoint fetches it (the mock API's /media). */
  original: LatencySeries;
  /** By width: the first request of each photo's variant (cold), then repeats of it (warm). */
  byWidth: { width: number; cold: LatencySeries; warm: LatencySeries }[];
}

export interface ResizeLoadReport {
  pid: number;
  /** The cached profile page under load with no resize (reference), and while they run. */
  baseline: CannonFigures;
  loaded: CannonFigures;
  p99OverBaseline: number;
  resizes: (Timed & { width: number })[];
  /** From sending the 20 to the last answer. */
  resizesWallMs: number;
  rssBeforeBytes: number;
  rssPeakBaselineBytes: number;
  rssPeakDuringResizesBytes: number;
  rssAfterBytes: number;
  samples: { t: number; rssBytes: number }[];
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<Timed> {
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

function series(name: string, samples: Timed[]): LatencySeries {
  const failed = samples.filter((s) => s.status !== 200);
  if (failed.length > 0) {
    throw new Error(
      `${name}: ${failed.length} answers not 200 (${failed[0]!.status} ${failed[0]!.url})`,
    );
  }
  return { name, samples, medianMs: median(samples.map((s) => s.ms)) };
}

const imageAddress = (baseUrl: string, source: string, width: number) =>
  `${baseUrl}${IMAGE_ROUTE}?url=${encodeURIComponent(source)}&w=${width}`;
const IMAGE_HEADERS = { Accept: CHROMIUM_IMAGE_ACCEPT };
const PAGE_HEADERS = { 'Accept-Encoding': PRODUCTION.acceptEncoding };

/** Cold and warm latency of the endpoint on `photos` (their media URLs), on a fresh server. */
export async function endpointLatency(
  server: GroupProcess,
  photos: readonly string[],
): Promise<EndpointLatencyReport> {
  const page = `${server.baseUrl}${PROFILE_PATH}`;
  await timed(page, PAGE_HEADERS); // rendered once: the samples are the page cache's
  const samples: Timed[] = [];
  for (let i = 0; i < REFERENCE_REPEATS; i += 1) samples.push(await timed(page, PAGE_HEADERS));
  const cachedPage = series('cached profile page', samples);
  const originals: Timed[] = [];
  for (const photo of photos) originals.push(await timed(photo));
  const original = series('original from /media', originals);

  const byWidth: EndpointLatencyReport['byWidth'] = [];
  for (const width of TIMED_WIDTHS) {
    const cold: Timed[] = [];
    const warm: Timed[] = [];
    for (const photo of photos) {
      const url = imageAddress(server.baseUrl, photo, width);
      cold.push(await timed(url, IMAGE_HEADERS));
      for (let i = 0; i < WARM_REPEATS; i += 1) warm.push(await timed(url, IMAGE_HEADERS));
    }
    byWidth.push({
      width,
      cold: series(`cold, w=${width}`, cold),
      warm: series(`warm, w=${width}`, warm),
    });
  }
  return { pid: server.pid, cachedPage, original, byWidth };
}

/** Samples the process's RSS every RSS_EVERY_MS until stopped. */
function sampleRss(pid: number, started: number) {
  const samples: { t: number; rssBytes: number }[] = [];
  const timer = setInterval(() => {
    residentBytes(pid).then(
      (rssBytes) => samples.push({ t: round((Date.now() - started) / 1000, 1), rssBytes }),
      () => undefined,
    );
  }, RSS_EVERY_MS);
  return {
    samples,
    stop: () => clearInterval(timer),
    peakSince: (t: number) =>
      Math.max(0, ...samples.filter((s) => s.t >= t).map((s) => s.rssBytes)),
  };
}

function figures(
  name: string,
  baseUrl: string,
  result: autocannon.Result,
  loadBefore: number,
): CannonFigures {
  const statusCodes = statusCounts(result);
  return {
    name,
    url: baseUrl,
    requests: [PROFILE_PATH],
    acceptEncoding: PRODUCTION.acceptEncoding,
    warmup: false,
    ...cannonFigures(result),
    statusCodes,
    loadAverage: [round(loadBefore, 2), round(os.loadavg()[0]!, 2)],
  };
}

/** The cached profile page under PRODUCTION.connections until `until` settles (or `seconds`). */
async function pageLoad(
  name: string,
  baseUrl: string,
  options: { seconds: number; until?: Promise<unknown> },
): Promise<CannonFigures> {
  const loadBefore = os.loadavg()[0]!;
  const instance = autocannon({
    url: `${baseUrl}${PROFILE_PATH}`,
    connections: PRODUCTION.connections,
    duration: options.seconds,
    headers: PAGE_HEADERS,
  });
  void options.until?.finally(() => instance.stop());
  return figures(name, baseUrl, await instance, loadBefore);
}

/** Twenty distinct variants of the photos (width and photo), none asked for before. */
export function coldVariants(baseUrl: string, photos: readonly string[]) {
  const variants: { url: string; width: number }[] = [];
  for (const width of RESIZE_WIDTHS) {
    for (const photo of photos) variants.push({ url: imageAddress(baseUrl, photo, width), width });
  }
  return variants.slice(0, CONCURRENT_RESIZES);
}

/**
 * On a fresh server: the cached profile page under load alone (the reference), then the same
 * load while CONCURRENT_RESIZES cold resizes are sent at once, until the last is answered; the
 * process's RSS sampled throughout.
 */
export async function resizesUnderLoad(
  server: GroupProcess,
  photos: readonly string[],
): Promise<ResizeLoadReport> {
  const variants = coldVariants(server.baseUrl, photos);
  if (variants.length < CONCURRENT_RESIZES) throw new Error('not enough distinct variants');
  for (const url of ['/', PROFILE_PATH]) await timed(`${server.baseUrl}${url}`, PAGE_HEADERS);
  await autocannon({
    url: `${server.baseUrl}${PROFILE_PATH}`,
    connections: PRODUCTION.warmup.connections,
    duration: PRODUCTION.warmup.duration,
    headers: PAGE_HEADERS,
  });
  const rssBeforeBytes = await residentBytes(server.pid);
  const started = Date.now();
  const rss = sampleRss(server.pid, started);
  try {
    const baseline = await pageLoad('cached profile page, no resizes', server.baseUrl, {
      seconds: PRODUCTION.seconds,
    });
    const rssPeakBaselineBytes = rss.peakSince(0);
    const resizesFrom = (Date.now() - started) / 1000;
    const sent = Date.now();
    let lastAnswer = sent;
    const answers = Promise.all(
      variants.map(async (v) => {
        const answer = await timed(v.url, IMAGE_HEADERS);
        lastAnswer = Date.now();
        return { ...answer, width: v.width };
      }),
    );
    const loaded = await pageLoad(
      `cached profile page, ${CONCURRENT_RESIZES} cold resizes at once`,
      server.baseUrl,
      // Past the last answer, the load would only dilute the figures.
      { seconds: 120, until: answers.catch(() => undefined) },
    );
    const resizes = await answers;
    const resizesWallMs = lastAnswer - sent;
    const rssPeakDuringResizesBytes = rss.peakSince(resizesFrom);
    return {
      pid: server.pid,
      baseline,
      loaded,
      p99OverBaseline: round(loaded.latencyP99Ms / baseline.latencyP99Ms, 2),
      resizes,
      resizesWallMs,
      rssBeforeBytes,
      rssPeakBaselineBytes,
      rssPeakDuringResizesBytes,
      rssAfterBytes: await residentBytes(server.pid),
      samples: rss.samples,
    };
  } finally {
    rss.stop();
  }
}

/** Decompression bombs asked for: each at a width of its own, so none is answered from a cache. */
const BOMB_WIDTHS = [1080, 640, 384, 2048, 828] as const;

export interface BombReport {
  pid: number;
  /** Each request for the bomb: its answer and how long it took. */
  requests: (Timed & { width: number })[];
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
}

/**
 * A decompression bomb on a fresh server: `source` (a media URL of a few KB that declares
 * billions of pixels) asked for at BOMB_WIDTHS one after another; each must be refused from its
 * header (a 4xx), quickly, and the process's memory must not move.
 */
export async function bombRefusal(server: GroupProcess, source: string): Promise<BombReport> {
  await timed(`${server.baseUrl}${PROFILE_PATH}`, PAGE_HEADERS);
  const rssBeforeBytes = await residentBytes(server.pid);
  const started = Date.now();
  const rss = sampleRss(server.pid, started);
  try {
    const requests: BombReport['requests'] = [];
    for (const width of BOMB_WIDTHS) {
      requests.push({
        ...(await timed(imageAddress(server.baseUrl, source, width), IMAGE_HEADERS)),
        width,
      });
    }
    // One more sample after the last answer, so the peak covers it.
    await new Promise((resolve) => setTimeout(resolve, 2 * RSS_EVERY_MS));
    return {
      pid: server.pid,
      requests,
      rssBeforeBytes,
      rssPeakBytes: Math.max(rssBeforeBytes, rss.peakSince(0)),
      rssAfterBytes: await residentBytes(server.pid),
    };
  } finally {
    rss.stop();
  }
}

/** Issue 34: nested /_img addresses and made-up ones of a picture, sent at once. */
export const ABUSE = { nested: 20, madeUp: 40 } as const;

export interface AbuseReport {
  pid: number;
  /** An uncached photo alone (the reference), and another like it while the abuse runs. */
  alone: Timed;
  during: Timed;
  duringOverAlone: number;
  /** Every answer by status; the nested ones refused (4xx) and their slowest; the 503s. */
  statuses: Record<string, number>;
  nestedRefused: number;
  nestedSlowestMs: number;
  busy: number;
}

/**
 * On a fresh server: an uncached photo alone, then another while ABUSE.nested nested /_img
 * addresses (1 to 5 levels, by path and by origin) and ABUSE.madeUp made-up addresses (a query,
 * or a letter %-encoded) of a third photo, asked for once before as a visitor would, are sent.
 */
export async function abuseResistance(server: GroupProcess, photos: readonly string[]) {
  const [target, first, second] = photos as [string, string, string];
  const at = (source: string, base = server.baseUrl) => imageAddress(base, source, 640);
  const madeUp = (n: number) =>
    n % 2 === 0
      ? `${target}?v=${n}`
      : target.replace(
          /\/(\w)([^/]*)$/,
          (_, c: string, rest: string) => `/%${c.charCodeAt(0).toString(16)}${rest}`,
        );
  await timed(at(target), IMAGE_HEADERS);
  const alone = await timed(at(first), IMAGE_HEADERS);
  const nested = Array.from({ length: ABUSE.nested }, (_, n) => {
    let source = target;
    for (let level = 0; level <= n % 5; level += 1)
      source = at(source, n % 2 ? server.baseUrl : '');
    return timed(at(source), IMAGE_HEADERS);
  });
  const others = Array.from({ length: ABUSE.madeUp }, (_, n) =>
    timed(at(madeUp(n)), IMAGE_HEADERS),
  );
  const during = await timed(at(second), IMAGE_HEADERS);
  const nestedAnswers = await Promise.all(nested);
  const answers = [...nestedAnswers, ...(await Promise.all(others)), during];
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    pid: server.pid,
    alone,
    during,
    duringOverAlone: round(during.ms / alone.ms, 2),
    statuses,
    nestedRefused: nestedAnswers.filter((a) => a.status >= 400 && a.status < 500).length,
    nestedSlowestMs: Math.max(...nestedAnswers.map((a) => a.ms)),
    busy: statuses[503] ?? 0,
  } satisfies AbuseReport;
}
