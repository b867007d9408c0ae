/** @jest-environment node */
// Issue 50's "must show": many spellings of one held picture, or one picture at every width and
// format, take one picture's slot, so an unrelated cold picture still answers 200 throughout.
import type { OutgoingHttpHeaders } from 'node:http';
import sharp from 'sharp';
import { IMAGE_WIDTHS, imageUrl } from '../../config/images';
import { NO_PAGES, serverAppWith, tempBuild, testBuild } from '../testing';
import { SOURCE_LIMITS } from './sources';
import { httpGet, type TestServer } from './testing';

const ACCEPTS = ['image/webp,*/*', 'image/avif,*/*', '*/*'];
/** Counts, not durations: on a loaded machine a hundred requests may take a while to arrive. */
const GENEROUS_MS = 5 * 60_000;

const get = async (url: string, headers: OutgoingHttpHeaders = {}) =>
  (await httpGet(url, headers)).status;

/** `mediaPath` spelt the `n`th way: letters' case by n's bits, some with an escape or a `//`. */
function spelling(mediaPath: string, n: number): string {
  let bit = 0;
  const cased = mediaPath.replace(/[a-z]/g, (letter) =>
    (n >> bit++) & 1 ? letter.toUpperCase() : letter,
  );
  const name = cased.lastIndexOf('/') + 1;
  const hex = cased.charCodeAt(name).toString(16);
  if (n % 3 === 1) return `${cased.slice(0, name)}%${hex}${cased.slice(name + 1)}`;
  if (n % 3 === 2) return `${cased.slice(0, name)}/${cased.slice(name)}`;
  return cased;
}

/** The picture an Express-like origin finds for a path: decoded, lower case, slashes merged. */
const resolved = (pathname: string) =>
  decodeURIComponent(pathname).toLowerCase().replace(/\/+/g, '/');

describe('spellings of one picture', () => {
  const build = testBuild(() => tempBuild('grati-spellings-'));
  let photo: Buffer;
  let media: TestServer;
  let app: TestServer;
  /** Answers held by the origin (`/media/held-*.png`) while `holding`, and the most at once. */
  const held: (() => void)[] = [];
  let holding = true;
  let mostHeld = 0;
  const releaseHeld = () => {
    holding = false;
    for (const send of held.splice(0)) send();
  };
  let unrelated = 0;

  beforeAll(async () => {
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    media = await build.serve((req, res) => {
      const picture = resolved(new URL(req.url ?? '/', 'http://x').pathname);
      const send = () => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      if (/^\/media\/held-\w+\.png$/.test(picture) && holding) {
        held.push(send);
        mostHeld = Math.max(mostHeld, held.length);
      } else if (/^\/media\/(held-\w+\.png|cold-\d+\.jpg)$/.test(picture)) send();
      else res.writeHead(404).end();
    });
    const server = serverAppWith(
      build.dir,
      { apiBaseUrl: `${media.origin}/api`, mediaOrigins: [media.origin] },
      // The held picture waits for the test, not for the deadline.
      { lookup: NO_PAGES, images: { sourceLimits: { ...SOURCE_LIMITS, timeoutMs: 10 * 60_000 } } },
    );
    app = await build.serve(server.app);
  });

  afterEach(() => {
    releaseHeld();
    holding = true;
    mostHeld = 0;
  });

  /** Sends `asks` at once and waits until the server has each; `answers` wrapped, not awaited. */
  async function underWay(
    asks: { source: string; width: number; accept: string }[],
  ): Promise<{ answers: Promise<number[]> }> {
    const before = app.requests.length;
    const answers = Promise.all(
      asks.map(({ source, width, accept }) =>
        get(`${app.origin}${imageUrl(source, width as 256)}`, { accept }),
      ),
    );
    while (app.requests.length < before + asks.length) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { answers };
  }

  /** Five cold pictures nobody asked for yet, one after another: each is made. */
  async function unrelatedPictures(): Promise<number[]> {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      unrelated += 1;
      const source = `${media.origin}/media/cold-${unrelated}.jpg`;
      statuses.push(await get(`${app.origin}${imageUrl(source, 144)}`, { accept: ACCEPTS[0] }));
    }
    return statuses;
  }

  it.each([40, 100])(
    '%i spellings of one held picture take one slot: an unrelated picture answers 200 throughout',
    async (count) => {
      const picture = `/media/held-${count}.png`;
      const spellings = Array.from({ length: count }, (_, n) => spelling(picture, n));
      expect(new Set(spellings).size).toBe(count);
      const { answers } = await underWay(
        spellings.map((spelt) => ({
          source: `${media.origin}${spelt}`,
          width: 256,
          accept: ACCEPTS[0]!,
        })),
      );

      expect(await unrelatedPictures()).toEqual([200, 200, 200, 200, 200]);
      expect(held.length).toBeLessThanOrEqual(2);
      releaseHeld();
      const statuses = await answers;
      // The two fetched and those that waited their turn are the picture; the rest a 503.
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(2);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      expect(mostHeld).toBeLessThanOrEqual(2);
      expect(await unrelatedPictures()).toEqual([200, 200, 200, 200, 200]);
    },
    GENEROUS_MS,
  );

  it(
    'a client holding 40 connections for one picture at every width and format takes one slot',
    async () => {
      const source = `${media.origin}/media/held-widths.png`;
      const asks = IMAGE_WIDTHS.flatMap((width) => ACCEPTS.map((accept) => ({ width, accept })))
        // 33 widths and formats, and 7 more connections asking for them again.
        .concat(IMAGE_WIDTHS.slice(0, 7).map((width) => ({ width, accept: ACCEPTS[0]! })))
        .map((ask) => ({ ...ask, source }));
      expect(asks).toHaveLength(40);
      const { answers } = await underWay(asks);

      expect(await unrelatedPictures()).toEqual([200, 200, 200, 200, 200]);
      expect(held).toHaveLength(1);
      releaseHeld();
      expect(new Set(await answers)).toEqual(new Set([200]));
    },
    GENEROUS_MS,
  );
});
