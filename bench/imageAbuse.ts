// The real photos section's abuse steps at the image endpoint, each on a fresh process: a
// decompression bomb, and nested and made-up /_img addresses at once (issue 34).
import type { GroupProcess } from '../scripts/serverProcess';
import { PROFILE_PATH } from './demo';
import { MB, mb, ms, round, times } from './format';
import { residentBytes, sampleRss } from './processes';
import { IMAGE_HEADERS, PAGE_HEADERS, RSS_EVERY_MS, imageAddress, timed } from './photoServer';
import type { FigureGroup } from './reporter';

const TARGETS = {
  /** Issue 23: a decompression bomb is refused (4xx) within 1 s. */
  bombRefusalMs: 1000,
  /** Issue 34: nested /_img a 4xx within 1 s; meanwhile an unrelated picture within 1 s. */
  abuseRefusalMs: 1000,
  abuseUnrelatedMs: 1000,
};
/** A refusal that left the memory where it was: within this of RSS before (GC and sampling noise). */
const UNCHANGED_RSS_BYTES = 8 * MB;
/** Each at a width of its own, so none is answered from a cache. */
const BOMB_WIDTHS = [1080, 640, 384, 2048, 828] as const;
/** Nested /_img addresses and made-up ones of a picture, sent at once. */
const ABUSE = { nested: 20, madeUp: 40 } as const;

const isRefusal = (status: number) => status >= 400 && status < 500;

/** `source` (a media URL of a few KB that declares billions of pixels) asked for at BOMB_WIDTHS
 * one after another: each must be refused from its header, quickly, the memory unmoved. */
export async function bombRefusal(server: GroupProcess, source: string) {
  await timed(`${server.baseUrl}${PROFILE_PATH}`, PAGE_HEADERS);
  const rssBeforeBytes = await residentBytes(server.pid);
  const rss = sampleRss(server.pid, Date.now(), RSS_EVERY_MS);
  try {
    const requests = [];
    for (const width of BOMB_WIDTHS) {
      const answer = await timed(imageAddress(server.baseUrl, source, width), IMAGE_HEADERS);
      requests.push({ ...answer, width });
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

/** An uncached photo alone, then another while ABUSE.nested nested /_img addresses (1 to 5
 * levels, by path and by origin) and ABUSE.madeUp made-up ones (a query, or a letter %-encoded)
 * of a third photo, asked for once before as a visitor would, are sent. */
export async function abuseResistance(server: GroupProcess, photos: readonly string[]) {
  const [target, first, second] = photos as [string, string, string];
  const at = (source: string, base = server.baseUrl) => imageAddress(base, source, 640);
  const encoded = (_: string, c: string, rest: string) =>
    `/%${c.charCodeAt(0).toString(16)}${rest}`;
  const madeUp = (n: number) =>
    n % 2 === 0 ? `${target}?v=${n}` : target.replace(/\/(\w)([^/]*)$/, encoded);
  const ask = (source: string) => timed(at(source), IMAGE_HEADERS);
  await ask(target);
  const alone = await ask(first);
  const nested = Array.from({ length: ABUSE.nested }, (_, n) => {
    let source = target;
    for (let level = 0; level <= n % 5; level += 1)
      source = at(source, n % 2 ? server.baseUrl : '');
    return ask(source);
  });
  const others = Array.from({ length: ABUSE.madeUp }, (_, n) => ask(madeUp(n)));
  const during = await ask(second);
  const nestedAnswers = await Promise.all(nested);
  const statuses: Record<string, number> = {};
  for (const { status } of [...nestedAnswers, ...(await Promise.all(others)), during]) {
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return {
    pid: server.pid,
    alone,
    during,
    duringOverAlone: round(during.ms / alone.ms, 2),
    statuses,
    nestedRefused: nestedAnswers.filter((a) => isRefusal(a.status)).length,
    nestedSlowestMs: Math.max(...nestedAnswers.map((a) => a.ms)),
    busy: statuses[503] ?? 0,
  };
}

export function bombFigures(b: Awaited<ReturnType<typeof bombRefusal>>): FigureGroup {
  const slowest = Math.max(...b.requests.map((r) => r.ms));
  const allRefused = b.requests.every((r) => isRefusal(r.status));
  const grown = b.rssPeakBytes - b.rssBeforeBytes;
  return {
    group: `Image endpoint (pid ${b.pid}, fresh): a decompression bomb from the media origin (a 110 KB PNG declaring 30000 x 30000 pixels), asked for at ${b.requests.length} widths one after another`,
    figures: [
      {
        name: 'refused with a 4xx, slowest answer',
        value: slowest,
        unit: ms,
        target: {
          text: `4xx within ${ms(TARGETS.bombRefusalMs)}`,
          met: allRefused && slowest <= TARGETS.bombRefusalMs,
        },
        note: b.requests.map((r) => `w=${r.width} ${r.status} ${ms(r.ms)}`).join(', '),
      },
      {
        name: 'server RSS: peak while refusing, over before',
        value: grown,
        unit: mb,
        target: {
          text: `unchanged (<= ${mb(UNCHANGED_RSS_BYTES)})`,
          met: grown <= UNCHANGED_RSS_BYTES,
        },
        note: `before ${mb(b.rssBeforeBytes)}, peak ${mb(b.rssPeakBytes)}, after ${mb(b.rssAfterBytes)}`,
      },
    ],
  };
}

export function abuseFigures(a: Awaited<ReturnType<typeof abuseResistance>>): FigureGroup {
  const statuses = Object.entries(a.statuses).map(([s, n]) => `${n} x ${s}`);
  const { nestedRefused, nestedSlowestMs, busy } = a;
  return {
    group: `Image endpoint (pid ${a.pid}, fresh): ${ABUSE.nested} nested /_img addresses and ${ABUSE.madeUp} made-up ones (?v=<n>, a letter %-encoded) of a photo at once, an unrelated uncached 12 MP photo at w=640 meanwhile (issue 34)`,
    figures: [
      {
        name: 'the unrelated photo, during over alone',
        value: `${ms(a.during.ms)} (${times(a.duringOverAlone)})`,
        target: {
          text: `200 within ${ms(TARGETS.abuseUnrelatedMs)}`,
          met: a.during.status === 200 && a.during.ms <= TARGETS.abuseUnrelatedMs,
        },
        note: `alone ${a.alone.status} ${ms(a.alone.ms)}, during ${a.during.status}`,
      },
      {
        name: 'nested refused with a 4xx, slowest; 503s',
        value: `${nestedRefused} of ${ABUSE.nested}, ${ms(nestedSlowestMs)}; ${busy} x 503`,
        target: {
          text: `all 4xx within ${ms(TARGETS.abuseRefusalMs)}, no 503`,
          met: nestedRefused === ABUSE.nested && nestedSlowestMs <= TARGETS.abuseRefusalMs && !busy,
        },
        note: `every answer: ${statuses.join(', ')}`,
      },
    ],
  };
}
