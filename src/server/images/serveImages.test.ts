/** @jest-environment node */
// The image endpoint as the production server serves it, over real HTTP: pictures of the media
// origins, resized and cacheable; every other address refused with no connection made to it.
import type { OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import sharp from 'sharp';
import { makePhonePhoto } from '../../../scripts/phonePhotos';
import { IMAGE_ROUTE, imageUrl, type ImageWidth } from '../../config/images';
import type { ServerAppOptions } from '../app';
import { NO_PAGES, serverAppWith, tempBuild, testBuild } from '../testing';
import { IMAGE_FETCH_HEADER } from './sources';
import { httpGet as get, makePngBomb, type HttpAnswer, type TestServer } from './testing';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** A refusal as the server's other errors are: JSON with the status and a message, never kept. */
function expectRefusal(answer: HttpAnswer, status: number, message?: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  const body = JSON.parse(answer.body.toString()) as { status: number; message: string };
  expect(body.status).toBe(status);
  if (message) expect(body.message).toContain(message);
  expect(answer.body.toString()).not.toMatch(/\bat .+\.[jt]s:\d+|node_modules|\/src\//);
}

/** The TCP connections this process opens (every http client's go through Socket#connect). */
function watchConnections(): { targets: () => string[]; stop: () => void } {
  const spy = jest.spyOn(Socket.prototype, 'connect');
  return {
    targets: () =>
      spy.mock.calls.map((args: unknown[]) => {
        const first = args[0];
        const options = (Array.isArray(first) ? first[0] : first) as {
          host?: string;
          port?: number;
        };
        return typeof options === 'object'
          ? `${options.host}:${options.port}`
          : `?:${String(first)}`;
      }),
    stop: () => spy.mockRestore(),
  };
}

describe('the image endpoint', () => {
  const build = testBuild(() => tempBuild('grati-images-'));
  let photo: Buffer;
  let bomb: Buffer;
  let media: TestServer;
  let trap: TestServer;
  let release: () => void = () => undefined;
  let held: Promise<void>;
  let arrived: () => void = () => undefined;

  async function startApp(
    images?: ServerAppOptions['images'],
    apiBaseUrl = 'http://127.0.0.1:9/api',
  ) {
    const { app, metricsApp } = serverAppWith(
      build.dir,
      { apiBaseUrl, mediaOrigins: [media.origin, `http://localhost:${media.port}`] },
      { lookup: NO_PAGES, images },
    );
    const server = await build.serve(app);
    const metricsPort = await build.serve(metricsApp);
    const ask = (source: string, headers: OutgoingHttpHeaders = {}, width: ImageWidth = 256) =>
      get(`${server.origin}${imageUrl(source, width)}`, headers);
    return Object.assign(server, { metricsOrigin: metricsPort.origin, ask });
  }

  beforeAll(async () => {
    // Stored 800 x 600 with GPS and camera EXIF, shown upright as 600 x 800 (Orientation 6).
    photo = await makePhonePhoto({ width: 800, height: 600, orientation: 6 });
    bomb = await makePngBomb(30_000);
    held = new Promise((resolve) => (arrived = resolve));
    const waiting = new Promise<void>((resolve) => (release = resolve));
    // On '::': `localhost` reaches it whichever address it resolves to.
    media = await build.serve((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      // Each test asks for its own /photo-<name>.jpg: the same photo, its own cache entry.
      if (/^\/photo(-[\w-]+)?\.jpg$/.test(pathname))
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      else if (pathname === '/bomb.png') res.end(bomb);
      else if (pathname === '/huge.jpg') res.writeHead(200, { 'content-length': 30e6 }).write('x');
      else if (pathname === '/elsewhere.jpg') {
        res.writeHead(302, { location: `http://localhost:${media.port}/photo.jpg?moved` }).end();
      } else if (pathname === '/to-endpoint.jpg') {
        res.writeHead(302, { location: `/_Img/?url=${media.origin}/photo.jpg&w=256` }).end();
      } else if (pathname === '/away.jpg') {
        res.writeHead(302, { location: `http://127.0.0.1:${trap.port}/photo.jpg` }).end();
      } else if (pathname === '/held.jpg') {
        arrived();
        void waiting.then(() => res.end(photo));
      } else res.writeHead(404).end();
    }, '::');
    trap = await build.serve((_req, res) => res.end('this server must never be reached'), '::');
  });

  afterAll(() => release());

  const photoAt = (name: string) => `${media.origin}/photo-${name}.jpg`;

  it.each([
    ['Chrome', CHROME_ACCEPT, 'image/webp', 'webp'],
    ['a client taking AVIF but not WebP', 'image/avif,*/*;q=0.8', 'image/avif', 'heif'],
    ['a client naming neither', '*/*', 'image/jpeg', 'jpeg'],
  ])(
    'answers %s a picture at the width asked, upright, in its format, with no metadata',
    async (_client, accept, contentType, format) => {
      const answer = await (await startApp()).ask(photoAt('formats'), { accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(contentType);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(answer.body).metadata();
      expect(metadata).toMatchObject({ format, width: 256, height: Math.round((800 * 256) / 600) });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    },
  );

  it('is cacheable (a long max-age, a strong ETag per format, Vary: Accept, 304) and made once', async () => {
    const app = await startApp();
    const ask = (headers: OutgoingHttpHeaders) => app.ask(photoAt('etag'), headers, 384);
    const downloads = () => media.requests.filter((r) => r === '/photo-etag.jpg').length;
    const webp = await ask({ accept: CHROME_ACCEPT });
    const jpeg = await ask({ accept: '*/*' });
    const made = downloads();
    expect(Number(/max-age=(\d+)/.exec(webp.headers['cache-control'] ?? '')?.[1])).toBeGreaterThan(
      24 * 60 * 60,
    );
    expect(webp.headers['cache-control']).toMatch(/^public/);
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.headers.etag).toMatch(/^"[^"]+"$/);
    expect(jpeg.headers.etag).not.toBe(webp.headers.etag);

    const again = await ask({ accept: CHROME_ACCEPT, 'if-none-match': webp.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await ask({ accept: CHROME_ACCEPT, 'if-none-match': jpeg.headers.etag });
    expect(other.status).toBe(200);
    expect(other.body.equals(webp.body)).toBe(true);
    expect(downloads()).toBe(made);
  });

  it('refuses every address outside the media origins, connecting to none of them', async () => {
    const app = await startApp();
    const outside = [
      [`http://127.0.0.1:${trap.port}/photo.jpg`, 403],
      [`http://localhost:${trap.port}/photo.jpg`, 403],
      [`http://[::1]:${trap.port}/photo.jpg`, 403],
      [`http://0.0.0.0:${trap.port}/photo.jpg`, 403],
      [`http://2130706433:${trap.port}/photo.jpg`, 403],
      [`https://127.0.0.1:${media.port}/photo.jpg`, 403],
      ['http://10.0.0.8/photo.jpg', 403],
      ['http://169.254.169.254/latest/meta-data/', 403],
      ['http://[fe80::1]/photo.jpg', 403],
      ['https://pictures.example.com/photo.jpg', 403],
      [`http://guest:secret@127.0.0.1:${media.port}/photo.jpg`, 400],
      [`http://127.0.0.1:${media.port}@127.0.0.1:${trap.port}/photo.jpg`, 400],
      ['file:///etc/passwd', 400],
      // A path is the API's (127.0.0.1:9 here), which is not a media origin.
      ['/media/seed/picture.jpg', 403],
      [`//127.0.0.1:${trap.port}/photo.jpg`, 400],
      [`/\\127.0.0.1:${trap.port}/photo.jpg`, 400],
      [`/\t/127.0.0.1:${trap.port}/photo.jpg`, 400],
    ] as const;
    const mediaRequests = media.requests.length;
    const connections = watchConnections();
    try {
      for (const [source, status] of outside) expectRefusal(await app.ask(source), status);
      const toApp = (target: string) => target.endsWith(`:${app.port}`);
      // One connection a request, to the server (so the watch sees connections), none elsewhere.
      expect(connections.targets().filter(toApp)).toHaveLength(outside.length);
      expect(connections.targets().filter((target) => !toApp(target))).toEqual([]);
    } finally {
      connections.stop();
    }
    expect(trap.connections).toBe(0);
    expect(media.requests.length).toBe(mediaRequests);
  });

  it("takes a path of the API's media on the API's origin, whatever address the page was reached at", async () => {
    const app = await startApp(undefined, `${media.origin}/api`);
    const before = media.requests.length;
    const answer = await app.ask('/photo-by-path.jpg', {
      accept: CHROME_ACCEPT,
      host: 'demo.example:4100',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(media.requests.slice(before)).toEqual(['/photo-by-path.jpg']);
  });

  it('follows a redirect within the media origins, and refuses one that leaves them', async () => {
    const app = await startApp();
    expect((await app.ask(`${media.origin}/elsewhere.jpg`)).status).toBe(200);
    expect(media.requests).toContain('/photo.jpg?moved');
    const away = await app.ask(`${media.origin}/away.jpg`);
    expectRefusal(away, 403, 'redirects outside the media origins');
    expect(trap.connections).toBe(0);
  });

  it.each([
    ['a file over the byte limit', '/huge.jpg', 422, 'larger than'],
    ['a decompression bomb (30,000 x 30,000 in 110 KB)', '/bomb.png', 422, 'megapixels'],
    [
      "the site's own origin, not a media origin",
      'https://grati.example/media/a.jpg',
      403,
      'own address',
    ],
  ])('refuses %s', async (_name, file, status, message) => {
    const app = await startApp();
    expectRefusal(await app.ask(new URL(file, media.origin).href), status, message);
  });

  it.each(['w=100', 'w=abc', 'w=256.0', 'w=256&w=384', ''])(
    'refuses a width it does not make (%j)',
    async (width) => {
      const app = await startApp();
      const url = `${app.origin}${IMAGE_ROUTE}?url=${encodeURIComponent(photoAt('w'))}&${width}`;
      expectRefusal(await get(url), 400, 'w must');
    },
  );

  it('shares one resize between identical requests, and turns away more than it may make (503)', async () => {
    const app = await startApp({ maxPending: 1 });
    const first = app.ask(`${media.origin}/held.jpg`, { accept: CHROME_ACCEPT });
    await held;
    const second = app.ask(`${media.origin}/held.jpg`, { accept: CHROME_ACCEPT });
    // The second request is under way once the server counts it as sharing the first's resize.
    for (;;) {
      const metrics = (await get(`${app.metricsOrigin}/metrics`)).body.toString();
      if (/image_answers_total\{source="shared"\} 1/.test(metrics)) break;
    }
    const busy = await app.ask(photoAt('busy'));
    expectRefusal(busy, 503, 'try again');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);

    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.equals(a.body)).toBe(true);
    expect(media.requests.filter((r) => r === '/held.jpg')).toHaveLength(1);
    expect((await app.ask(photoAt('busy'))).status).toBe(200);
  });

  it('refuses its own route as a source, in any spelling and behind a redirect, and any query', async () => {
    const app = await startApp();
    const before = media.requests.length;
    const nested = imageUrl(`${media.origin}/photo.jpg`, 256);
    for (const source of [
      `${media.origin}${nested}`,
      `${app.origin}${imageUrl(`${app.origin}${nested}`, 256)}`,
    ]) {
      expectRefusal(await app.ask(source), 400, 'image endpoint');
    }
    expectRefusal(await app.ask(`${media.origin}/photo.jpg?v=1`), 400, 'no query');
    expect(media.requests.length).toBe(before);
    const redirected = await app.ask(`${media.origin}/to-endpoint.jpg`);
    expectRefusal(redirected, 400, 'redirects to the image endpoint');
    expect(media.requests.slice(before)).toEqual(['/to-endpoint.jpg']);
  });

  it('refuses, at once, any request its own fetches make to it, pictures and pages alike', async () => {
    const app = await startApp({ maxPending: 1 });
    const marked = { [IMAGE_FETCH_HEADER]: '1', accept: 'application/json' };
    for (const path of [imageUrl(photoAt('marked'), 256), '/', '/user_profile/ava']) {
      expectRefusal(await get(`${app.origin}${path}`, marked), 403, 'image endpoint itself');
    }
    expect(media.requests).not.toContain('/photo-marked.jpg');
  });

  it('decodes a picture once for all its addresses: the same bytes share one answer', async () => {
    const app = await startApp();
    const ask = (name: string, width?: ImageWidth) =>
      app.ask(photoAt(name), { accept: CHROME_ACCEPT }, width);
    const answers = [...(await Promise.all([ask('same-a'), ask('same-b')])), await ask('same-c')];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body.equals(answers[0]!.body)).toBe(true);
    expect(answers[2]!.headers.etag).toBe(answers[0]!.headers.etag);
    const metrics = (await get(`${app.metricsOrigin}/metrics`)).body.toString();
    expect(metrics).toMatch(/image_answers_total\{source="made"\} 3/);
    // Three downloaded, one decoded: the other two found its bytes' answer.
    expect(metrics).toMatch(/image_answers_total\{source="same-bytes"\} 2/);
    expect((await sharp((await ask('same-a', 384)).body).metadata()).width).toBe(384);
  });
});
