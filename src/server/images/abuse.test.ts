/** @jest-environment node */
// Issue 34's "must show 1", over real HTTP: nested /_img addresses are refused and made-up ones do
// not crowd out an unrelated picture. The 1 s targets are bench/imageAbuse.ts's (timing, not here).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { demoOnOneOrigin, mockApiInFront } from '../../../mock-api/testing';
import { imageUrl, type ImageWidth } from '../../config/images';
import { NO_PAGES, serverAppWith, tempBuild } from '../testing';
import { httpGet, startServer, type TestServer } from './testing';

const ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

const get = async (url: string) => ({
  url,
  status: (await httpGet(url, { accept: ACCEPT })).status,
});

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

function tempDir(dir: string): string {
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

const distDir = () => tempDir(tempBuild('grati-abuse-dist-'));

/** The demo, composed as scripts/preview.ts composes it (demoOnOneOrigin), from the source. */
async function startDemo(): Promise<Site> {
  const { server, serve } = await onePort();
  const apiOrigin = `http://127.0.0.1:${server.port}`;
  const mockApi = await mockApiInFront();
  cleanups.push(() => mockApi.close());
  mkdirSync(mockApi.uploadsDir, { recursive: true });
  writeFileSync(path.join(mockApi.uploadsDir, 'big.png'), pictures.big);
  writeFileSync(path.join(mockApi.uploadsDir, 'small.jpg'), pictures.small);
  const production = serverAppWith(distDir(), {
    apiBaseUrl: `${apiOrigin}/api`,
    publicOrigin: `http://localhost:${server.port}`,
    mediaOrigins: [apiOrigin],
  });
  serve(demoOnOneOrigin(mockApi.inFront, production.app));
  return { origin: apiOrigin, mediaPath: '/media/uploads' };
}

/** A production server whose media (an API's, say) are served on its own origin. */
async function startSameOriginProduction(): Promise<Site> {
  const { server, serve } = await onePort();
  const origin = `http://127.0.0.1:${server.port}`;
  const media = tempDir(mkdtempSync(path.join(tmpdir(), 'grati-abuse-media-')));
  writeFileSync(path.join(media, 'big.png'), pictures.big);
  writeFileSync(path.join(media, 'small.jpg'), pictures.small);
  const production = serverAppWith(
    distDir(),
    { apiBaseUrl: `${origin}/api`, publicOrigin: origin, mediaOrigins: [origin] },
    { lookup: NO_PAGES },
  );
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

  const ask = (source: string, width: ImageWidth = 256) =>
    get(`${site.origin}${imageUrl(source, width)}`);
  const askNested = (levels: number, origin: string) =>
    ask(nested(`${site.mediaPath}/small.jpg`, levels, origin));
  const expect4xx = ({ status }: { status: number }) => {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  };

  it('refuses a nested /_img address with a 4xx', async () => {
    for (const levels of [1, 2, 5]) {
      for (const origin of ['', site.origin]) expect4xx(await askNested(levels, origin));
    }
  });

  it('makes an unrelated uncached picture while 20 nested and 40 made-up requests run, and never 503', async () => {
    const big = `${site.mediaPath}/big.png`;
    // The big picture once, as a visitor would have: its made-up spellings then find its answer by
    // its bytes, and this test's own work stays tiny.
    expect((await ask(big)).status).toBe(200);

    const nestedOnes = Array.from({ length: 20 }, (_, n) =>
      askNested(2 + (n % 5), n % 2 ? site.origin : ''),
    );
    const madeUpOnes = madeUp(big).map((source) => ask(source));
    const unrelated = await ask(`${site.mediaPath}/small.jpg`, 144);
    const [nestedAnswers, madeUpAnswers] = await Promise.all([
      Promise.all(nestedOnes),
      Promise.all(madeUpOnes),
    ]);

    expect(unrelated.status).toBe(200);
    nestedAnswers.forEach(expect4xx);
    const statuses = [unrelated, ...nestedAnswers, ...madeUpAnswers].map((a) => a.status);
    expect(statuses).not.toContain(503);
    // Each made-up query is refused; each other spelling is the picture, or no such file.
    for (const answer of madeUpAnswers) {
      if (answer.url.includes('%3Fv%3D')) expect(answer.status).toBe(400);
      else expect([200, 404, 502]).toContain(answer.status);
    }
  });
});
