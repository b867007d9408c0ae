/** @jest-environment node */
// Issue 34's "must show 1", over real HTTP: a nested /_img address is a 4xx, in the demo (the
// mock API in front of the production app on one port, as scripts/preview.ts composes them) and
// on a production server whose media origin is its own origin; and while 20 nested and 40
// made-up-query requests run, an unrelated uncached picture is still made (200), with no 503
// anywhere. How fast (the 1 s targets) is a speed figure, so it is bench/imageAbuse.ts's, measured
// on a fresh process: here a slow or busy machine (CI once took 1.13 s) must not fail the suite.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import sharp from 'sharp';
import { demoOnOneOrigin, mockApiInFront } from '../../../mock-api/testing';
import { imageUrl } from '../../config/images';
import { createServerApp } from '../app';
import { startServer, type TestServer } from './testing';

const ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

interface Answer {
  url: string;
  status: number;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { accept: ACCEPT }, agent: false }, (res) => {
      res.resume();
      res.on('error', reject);
      res.on('end', () => resolve({ url, status: res.statusCode ?? 0 }));
    })
      .on('error', reject)
      .end();
  });
}

/** `source` wrapped in `levels` nested /_img addresses (each level's url the one below). */
function nested(source: string, levels: number, origin = ''): string {
  let address = source;
  for (let level = 0; level < levels; level += 1) address = `${origin}${imageUrl(address, 256)}`;
  return address;
}

/** Made-up addresses of one picture: queries, and other spellings of its path. */
function madeUp(mediaPath: string): string[] {
  const name = path.posix.basename(mediaPath);
  const dir = path.posix.dirname(mediaPath);
  const spellings = [
    mediaPath.toUpperCase(),
    `${dir}/${name.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `${dir}/./${name}`,
    `${dir}//${name}`,
    `${dir.replace('/media', '/MEDIA')}/${name}`,
  ];
  return Array.from({ length: 40 }, (_, n) =>
    n % 2 === 0 ? `${mediaPath}?v=${n}` : spellings[n % spellings.length]!,
  );
}

interface Site {
  origin: string;
  /** Where the site's media paths are (/media/uploads in the demo, /media on the other). */
  mediaPath: string;
}

let pictures: { big: Buffer; small: Buffer };
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  // A few-thousand-pixel PNG with some detail (the made-up-query target), and a small picture.
  const detail = await sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: '#6a8',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .raw()
    .toBuffer();
  const big = await sharp(detail, { raw: { width: 40, height: 30, channels: 3 } })
    .resize(3200, 2400, { kernel: 'nearest' })
    .png()
    .toBuffer();
  const small = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#c84' },
  })
    .jpeg()
    .toBuffer();
  pictures = { big, small };
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One port, its handler set once the servers that need the port's origin are made. */
async function onePort(): Promise<{ server: TestServer; serve: (app: express.Express) => void }> {
  let handler: express.Express | undefined;
  const server = await startServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  cleanups.push(() => server.close());
  return { server, serve: (app) => (handler = app) };
}

const distDir = () => {
  const dir = tempDir('grati-abuse-dist-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
};

/** The demo, composed as scripts/preview.ts composes it (demoOnOneOrigin), from the source. */
async function startDemo(): Promise<Site> {
  const { server, serve } = await onePort();
  const apiOrigin = `http://127.0.0.1:${server.port}`;
  const mockApi = await mockApiInFront();
  cleanups.push(() => mockApi.close());
  mkdirSync(mockApi.uploadsDir, { recursive: true });
  writeFileSync(path.join(mockApi.uploadsDir, 'big.png'), pictures.big);
  writeFileSync(path.join(mockApi.uploadsDir, 'small.jpg'), pictures.small);
  const production = createServerApp({
    settings: {
      apiBaseUrl: `${apiOrigin}/api`,
      publicOrigin: `http://localhost:${server.port}`,
      mediaOrigins: [apiOrigin],
      logLevel: 'silent',
    },
    distDir: distDir(),
    logger: pino({ level: 'silent' }),
  });
  serve(demoOnOneOrigin(mockApi.inFront, production.app));
  return { origin: apiOrigin, mediaPath: '/media/uploads' };
}

/** A production server whose media (an API's, say) are served on its own origin. */
async function startSameOriginProduction(): Promise<Site> {
  const { server, serve } = await onePort();
  const origin = `http://127.0.0.1:${server.port}`;
  const media = tempDir('grati-abuse-media-');
  writeFileSync(path.join(media, 'big.png'), pictures.big);
  writeFileSync(path.join(media, 'small.jpg'), pictures.small);
  const production = createServerApp({
    settings: {
      apiBaseUrl: `${origin}/api`,
      publicOrigin: origin,
      mediaOrigins: [origin],
      logLevel: 'silent',
    },
    distDir: distDir(),
    lookup: {
      lookup: () => Promise.reject(new Error('no page here')),
      reachable: async () => true,
    },
    logger: pino({ level: 'silent' }),
  });
  const app = express();
  app.disable('x-powered-by');
  app.use('/media', express.static(media, { index: false }));
  app.use(production.app);
  serve(app);
  return { origin, mediaPath: '/media' };
}

describe.each([
  ['the demo (mock API in front of the production app)', startDemo],
  ['a production server whose media origin is its own origin', startSameOriginProduction],
])('%s', (_name, start) => {
  let site: Site;

  beforeAll(async () => {
    site = await start();
  });

  it('refuses a nested /_img address with a 4xx', async () => {
    for (const levels of [1, 2, 5]) {
      for (const origin of ['', site.origin]) {
        const answer = await get(
          `${site.origin}${imageUrl(nested(`${site.mediaPath}/small.jpg`, levels, origin), 256)}`,
        );
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
  });

  it('makes an unrelated uncached picture while 20 nested and 40 made-up requests run, and never 503', async () => {
    const big = `${site.mediaPath}/big.png`;
    // The big picture once, as a visitor would have asked for it: its made-up spellings then
    // find its answer by its bytes, and this test's own work stays tiny.
    expect((await get(`${site.origin}${imageUrl(big, 256)}`)).status).toBe(200);

    const nestedOnes = Array.from({ length: 20 }, (_, n) =>
      get(
        `${site.origin}${imageUrl(nested(`${site.mediaPath}/small.jpg`, 2 + (n % 5), n % 2 ? site.origin : ''), 256)}`,
      ),
    );
    const madeUpOnes = madeUp(big).map((source) => get(`${site.origin}${imageUrl(source, 256)}`));
    const unrelated = await get(`${site.origin}${imageUrl(`${site.mediaPath}/small.jpg`, 144)}`);
    const [nestedAnswers, madeUpAnswers] = await Promise.all([
      Promise.all(nestedOnes),
      Promise.all(madeUpOnes),
    ]);

    expect(unrelated.status).toBe(200);
    for (const answer of nestedAnswers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const statuses = [unrelated, ...nestedAnswers, ...madeUpAnswers].map((a) => a.status);
    expect(statuses).not.toContain(503);
    // Each made-up query is refused; each other spelling is the picture, or no such file.
    for (const answer of madeUpAnswers) {
      if (answer.url.includes('%3Fv%3D')) expect(answer.status).toBe(400);
      else expect([200, 404, 502]).toContain(answer.status);
    }
  });
});
