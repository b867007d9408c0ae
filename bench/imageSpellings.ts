// Issue 50's "must show 3" at the image endpoint, each step on fresh processes, directly and
// through nginx (deploy/nginx.conf in front of two): 40 and 100 spellings of one uncached photo at
// once (`/MEDIA/uploads/…`, a letter %-encoded, `//`), and a client holding 40 connections, while
// other pictures are asked for: those answer 200 throughout. And 300 quick requests for one
// picture nginx has cached: none turned away (429), since its limit counts only misses.
import { readdir } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { SEED_MEDIA_DIR } from '../mock-api/db/store';
import { mediaUrl } from '../mock-api/media';
import type { GroupProcess } from '../scripts/serverProcess';
import { IMAGE_WIDTHS } from '../src/config/images';
import { ms, round } from './format';
import type { Harness } from './harness';
import { nginxInFront } from './nginx';
import { IMAGE_HEADERS, imageAddress } from './photoServer';
import { onFreshServer } from './processes';
import type { Figure, FigureGroup } from './reporter';

const TARGETS = {
  /** Other pictures, asked for while spellings of one are under way, that are not a 200. */
  unrelatedNot200: 0,
  /** Normal picture requests that fail while a client holds 40 connections. */
  normalFailed: 0,
  /** 429s among 300 quick requests for one picture nginx has cached. */
  cachedTurnedAway: 0,
};
const SPELLINGS = [40, 100] as const;
const WIDTHS = { spellings: 1080, unrelated: 640, normal: 384 } as const;
/**
 * The client holding 40 connections, as issue 50's probe (and src/server/images/spellings.test.ts)
 * has it: one 12 MP photo at every width in every format (WebP, AVIF, JPEG by Accept: 33
 * addresses, the most one picture has) and 7 of them again, each on a connection of its own. It
 * holds them because a cold resize of a 12 MP photo takes 0.1 to 2 s and the endpoint makes one
 * at a time: seconds for all 40. Before the fix each distinct address held one of the 32 slots.
 * Not 40 sockets trickling their headers: those reach no slot of the endpoint (the server cuts
 * them after its 10 s headersTimeout), so they would measure Node's sockets, not the finding.
 */
const HELD = { connections: 40, accepts: ['image/webp,*/*', 'image/avif,*/*', '*/*'] } as const;
/** Normal requests: Ava's gallery thumbnails, cold, over the 6 connections a browser opens to a
 * host over HTTP/1.1. */
const NORMAL = { requests: 32, connections: 6 } as const;
const CACHED_BURST = 300;
/** A request with no answer by then counts as failed (status 0). */
const ASK_TIMEOUT_MS = 120_000;

interface Answer {
  status: number;
  ms: number;
  /** nginx's X-Cache-Status ('' directly). */
  cache: string;
}

/** One GET on a connection of its own (or `agent`'s): `sent` once it is written, `answer` once
 * its body is in (status 0: the connection failed or timed out). */
function ask(url: string, headers: Record<string, string>, agent: Agent | false = false) {
  const started = performance.now();
  let written: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (written = resolve));
  const answer = new Promise<Answer>((resolve) => {
    const done = (status: number, cache = '') => {
      written();
      resolve({ status, ms: round(performance.now() - started, 1), cache });
    };
    const req = request(url, { headers, agent, timeout: ASK_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0, String(res.headers['x-cache-status'] ?? '')));
      res.on('error', () => done(0));
    });
    req.on('finish', written);
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
    req.end();
  });
  return { sent, answer };
}

/** Requests sent at once, each on its own connection; resolves once all are written. */
async function atOnce(asks: readonly { url: string; headers: Record<string, string> }[]) {
  let unanswered = asks.length;
  const asked = asks.map(({ url, headers }) => ask(url, headers));
  const answers = Promise.all(asked.map(({ answer }) => answer.finally(() => (unanswered -= 1))));
  await Promise.all(asked.map(({ sent }) => sent));
  return { answers, unanswered: () => unanswered };
}

function tally(values: readonly (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value || 'none'] = (counts[value || 'none'] ?? 0) + 1;
  return counts;
}
const shown = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([value, n]) => `${n} x ${value}`)
    .join(', ');
const slowest = (answers: readonly Answer[]) => Math.max(...answers.map((a) => a.ms));

/**
 * `source` (a media URL) spelt the `n`th way, as issue 50's probe did: the letters of its folder
 * (`/media/uploads/`, an Express mount at the origin, which reads it in any case) upper- or
 * lower-case by n's bits; every third also the first character of its name %-encoded, every
 * third a `//` before the name. The origin finds the picture under each (spellingsKnown).
 */
export function spelling(source: string, n: number): string {
  const url = new URL(source);
  const name = url.pathname.lastIndexOf('/') + 1;
  let bit = 0;
  const folder = url.pathname
    .slice(0, name)
    .replace(/[a-z]/g, (letter) => ((n >> bit++) & 1 ? letter.toUpperCase() : letter));
  const file = url.pathname.slice(name);
  const escaped = `%${file.charCodeAt(0).toString(16).toUpperCase()}${file.slice(1)}`;
  return `${url.origin}${folder}${[file, escaped, `/${file}`][n % 3]}`;
}

/** How many of the spellings the origin itself answers as the picture (HEAD, its length). */
async function spellingsKnown(spellings: readonly string[]): Promise<number> {
  const length = async (url: string) => {
    const response = await fetch(url, { method: 'HEAD' });
    return response.ok ? response.headers.get('content-length') : null;
  };
  const [own, ...lengths] = await Promise.all(spellings.map(length));
  return own === null ? 0 : 1 + lengths.filter((l) => l === own).length;
}

interface Pictures {
  /** The photo spelt many ways, or held at every width. */
  target: string;
  /** Another photo, uncached: the first picture asked for meanwhile. */
  unrelated: string;
  /** A third photo, asked for alone first (the reference time). */
  reference: string;
  /** Ava's gallery pictures (seed media), uncached. */
  seed: readonly string[];
}

/** A photo alone (the reference); then `count` spellings of another at once, and meanwhile
 * uncached pictures one after another (a third photo, then seed ones) until every spelling is
 * answered. */
async function spellingsAtOnce(baseUrl: string, p: Pictures, count: number) {
  const at = (source: string, width: number) => imageAddress(baseUrl, source, width);
  const reference = await ask(at(p.reference, WIDTHS.unrelated), IMAGE_HEADERS).answer;
  const spelt = Array.from({ length: count }, (_, n) => spelling(p.target, n));
  const batch = await atOnce(
    spelt.map((s) => ({ url: at(s, WIDTHS.spellings), headers: IMAGE_HEADERS })),
  );
  const unrelated: (Answer & { spellingsUnanswered: number })[] = [];
  for (const source of [p.unrelated, ...p.seed]) {
    const spellingsUnanswered = batch.unanswered();
    const answer = await ask(at(source, WIDTHS.unrelated), IMAGE_HEADERS).answer;
    unrelated.push({ ...answer, spellingsUnanswered });
    if (batch.unanswered() === 0) break;
  }
  const answers = await batch.answers;
  return {
    count,
    reference,
    unrelated,
    spellings: tally(answers.map((a) => a.status)),
    spellingsLastMs: slowest(answers),
  };
}

/** HELD.connections requests for one photo at every width and format, held open, and meanwhile
 * NORMAL.requests cold seed pictures over NORMAL.connections connections. */
async function heldConnections(baseUrl: string, p: Pictures) {
  const variants = IMAGE_WIDTHS.flatMap((width) =>
    HELD.accepts.map((accept) => ({ width, accept })),
  );
  const again = IMAGE_WIDTHS.slice(0, HELD.connections - variants.length);
  const held = [...variants, ...again.map((width) => ({ width, accept: HELD.accepts[0] }))];
  const batch = await atOnce(
    held.map(({ width, accept }) => ({
      url: imageAddress(baseUrl, p.target, width),
      headers: { Accept: accept },
    })),
  );
  const heldAtStart = batch.unanswered();
  const agent = new Agent({ keepAlive: true, maxSockets: NORMAL.connections });
  try {
    const normal = await Promise.all(
      p.seed
        .slice(0, NORMAL.requests)
        .map((s) => ask(imageAddress(baseUrl, s, WIDTHS.normal), IMAGE_HEADERS, agent).answer),
    );
    const heldAtEnd = batch.unanswered();
    const heldAnswers = await batch.answers;
    return {
      heldAtStart,
      heldAtEnd,
      held: tally(heldAnswers.map((a) => a.status)),
      heldLastMs: slowest(heldAnswers),
      normal: tally(normal.map((a) => a.status)),
      normalFailed: normal.filter((a) => a.status !== 200).length,
      normalSlowestMs: slowest(normal),
    };
  } finally {
    agent.destroy();
  }
}

/** One picture asked for once (nginx caches it), then CACHED_BURST times at once. */
async function cachedBurst(baseUrl: string, source: string) {
  const url = imageAddress(baseUrl, source, WIDTHS.unrelated);
  const first = await ask(url, IMAGE_HEADERS).answer;
  const batch = await atOnce(
    Array.from({ length: CACHED_BURST }, () => ({ url, headers: IMAGE_HEADERS })),
  );
  const answers = await batch.answers;
  return {
    first,
    statuses: tally(answers.map((a) => a.status)),
    cache: tally(answers.map((a) => a.cache)),
    turnedAway: answers.filter((a) => a.status === 429).length,
    slowestMs: slowest(answers),
  };
}

/** Every step directly and through nginx, each on fresh processes; the photos: the section's. */
export async function spellingSteps(h: Harness, mockApi: GroupProcess, photos: readonly string[]) {
  const gallery = (await readdir(SEED_MEDIA_DIR)).filter((f) => /^ava-gallery-\d+\./.test(f));
  const seed = gallery.sort().map((f) => mediaUrl(mockApi.baseUrl, `seed/${f}`)!);
  if (seed.length < NORMAL.requests) throw new Error(`${seed.length} seed pictures, not enough`);
  const [target, unrelated, reference] = photos as [string, string, string];
  const p: Pictures = { target, unrelated, reference, seed };
  type Work<T> = (baseUrl: string) => Promise<T>;
  const direct = <T>(name: string, work: Work<T>) =>
    onFreshServer(h, mockApi, `server-photos-${name}`, (server) => work(server.baseUrl));
  const proxied = async <T>(name: string, work: Work<T>) => {
    const names = ['a', 'b'].map((n) => `server-photos-${name}-nginx-${n}`) as [string, string];
    const { nginx, servers } = await nginxInFront(h, mockApi, ...names);
    try {
      return await work(nginx.baseUrl);
    } finally {
      for (const process of [nginx, ...servers]) await h.stop(process);
    }
  };
  const both = async <T>(step: string, name: string, work: Work<T>) => ({
    direct: await h.step(`photos: ${step}, direct`, () => direct(name, work)),
    nginx: await h.step(`photos: ${step}, through nginx`, () => proxied(name, work)),
  });
  const spellings = [];
  for (const count of SPELLINGS) {
    const known = await spellingsKnown(
      Array.from({ length: count }, (_, n) => spelling(target, n)),
    );
    const work = (baseUrl: string) => spellingsAtOnce(baseUrl, p, count);
    spellings.push({
      count,
      known,
      ...(await both(`${count} spellings of one photo`, `spellings-${count}`, work)),
    });
  }
  return {
    spellings,
    held: await both(`a client holding ${HELD.connections} connections`, 'held', (baseUrl) =>
      heldConnections(baseUrl, p),
    ),
    cached: await h.step(`photos: ${CACHED_BURST} requests for one cached picture, nginx`, () =>
      proxied('cached', (baseUrl) => cachedBurst(baseUrl, target)),
    ),
  };
}

type Report = Awaited<ReturnType<typeof spellingSteps>>;
type Both<T> = { direct: T | null; nginx: T | null };
const WHERE = { direct: 'direct', nginx: 'through nginx' } as const;

/** Each of `both`'s measured runs' figures, named by where they ran. */
function eachWay<T>(both: Both<T>, figures: (run: T) => Figure[]): Figure[] {
  return (['direct', 'nginx'] as const).flatMap((way) => {
    const run = both[way];
    return run ? figures(run).map((f) => ({ ...f, name: `${WHERE[way]}: ${f.name}` })) : [];
  });
}

function spellingsGroup(s: Report['spellings'][number]): FigureGroup {
  return {
    group: `Issue 50: ${s.count} spellings of one uncached 12 MP photo at /_img at once (w=${WIDTHS.spellings}; /MEDIA/uploads/…, a letter %-encoded, //; the origin answers ${s.known} of ${s.count} as the photo), and meanwhile uncached pictures at w=${WIDTHS.unrelated} one after another (another 12 MP photo, then Ava's gallery) until every spelling is answered; fresh processes, directly and through nginx (deploy/nginx.conf, 2 processes)`,
    figures: eachWay(s, (r) => {
      const [first] = r.unrelated;
      const last = r.unrelated[r.unrelated.length - 1];
      const not200 = r.unrelated.filter((a) => a.status !== 200).length;
      return [
        {
          name: 'pictures asked meanwhile not answered 200',
          value: not200,
          target: { is: TARGETS.unrelatedNot200 },
          note: `${not200} of ${r.unrelated.length}: ${shown(tally(r.unrelated.map((a) => a.status)))}; the first sent with ${first?.spellingsUnanswered} of ${r.count} spellings unanswered, the last with ${last?.spellingsUnanswered}; slowest ${ms(slowest(r.unrelated))}`,
        },
        {
          name: 'the unrelated 12 MP photo, the first of them',
          value: first?.ms ?? null,
          unit: ms,
          note: `${first?.status}; another 12 MP photo alone before: ${r.reference.status} in ${ms(r.reference.ms)}`,
        },
        {
          name: 'the spellings answered',
          value: shown(r.spellings),
          note: `a 429 or 503 is the endpoint's answer to them; the last after ${ms(r.spellingsLastMs)}`,
        },
      ];
    }),
  };
}

function heldGroup(held: Report['held']): FigureGroup {
  return {
    group: `Issue 50: a client holding ${HELD.connections} connections (one uncached 12 MP photo at all ${IMAGE_WIDTHS.length} widths x 3 formats, and 7 again, each on its own connection), and meanwhile ${NORMAL.requests} normal requests (Ava's gallery pictures, uncached, w=${WIDTHS.normal}) over ${NORMAL.connections} connections, as a browser; fresh processes, directly and through nginx (2 processes)`,
    figures: eachWay(held, (r) => [
      {
        name: `normal requests failed, of ${NORMAL.requests}`,
        value: r.normalFailed,
        target: { is: TARGETS.normalFailed },
        note: `${shown(r.normal)}; ${r.heldAtStart} of the ${HELD.connections} held connections unanswered when they started, ${r.heldAtEnd} when they ended`,
      },
      {
        name: 'the slowest normal request',
        value: r.normalSlowestMs,
        unit: ms,
        note: 'from when it was asked for, its wait for one of the 6 connections included',
      },
      {
        name: `the ${HELD.connections} held answered`,
        value: shown(r.held),
        note: `the last after ${ms(r.heldLastMs)}`,
      },
    ]),
  };
}

function cachedGroup(c: NonNullable<Report['cached']>): FigureGroup {
  return {
    group: `Issue 50: through nginx (deploy/nginx.conf, 2 fresh processes), ${CACHED_BURST} requests at once, each on its own connection, for one 12 MP photo at w=${WIDTHS.unrelated} asked for once before (${c.first.status}, ${c.first.cache || 'no cache status'})`,
    figures: [
      {
        name: 'turned away (429)',
        value: c.turnedAway,
        target: { is: TARGETS.cachedTurnedAway },
        note: `${shown(c.statuses)}; X-Cache-Status ${shown(c.cache)}; slowest ${ms(c.slowestMs)}`,
      },
    ],
  };
}

export function spellingFigures(r: Report): FigureGroup[] {
  return [
    ...r.spellings.map(spellingsGroup),
    heldGroup(r.held),
    ...(r.cached ? [cachedGroup(r.cached)] : []),
  ];
}
