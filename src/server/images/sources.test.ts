/** @jest-environment node */
// Where the image endpoint may fetch from, against real servers on free ports: a media origin, and
// a trap that no refused address may ever reach (its connection count stays 0).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  fetchPicture,
  IMAGE_FETCH_HEADER,
  isImageRoutePath,
  isPublicAddress,
  mediaSource,
  pictureGroup,
  type Resolve,
  type SourceLimits,
} from './sources';
import { startServer, type TestServer } from './testing';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['::1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['not an address', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('mediaSource', () => {
  const origins = ['https://media.grati.example', 'http://127.0.0.1:4100'];
  const policy = { origins };
  const api = { origins, relativeTo: 'http://127.0.0.1:4100' };

  it('takes an address of the media origins, without its fragment', () => {
    expect(mediaSource('https://media.grati.example/a/b.jpg#top', policy).href).toBe(
      'https://media.grati.example/a/b.jpg',
    );
    expect(mediaSource('https://media.grati.example/b.jpg?', policy).href).toBe(
      'https://media.grati.example/b.jpg',
    );
    expect(mediaSource('HTTPS://MEDIA.grati.example:443/b.jpg', policy).origin).toBe(origins[0]);
  });

  it.each([
    ['/media/seed/picture.jpg', 400],
    ['//media.grati.example/b.jpg', 400],
    ['file:///etc/passwd', 400],
    ['data:image/png;base64,iVBORw0KGgo=', 400],
    ['https://user:secret@media.grati.example/b.jpg', 400],
    ['https://media.grati.example@10.0.0.1/b.jpg', 400],
    ['http://media.grati.example/b.jpg', 403],
    ['https://media.grati.example:8443/b.jpg', 403],
    ['https://media.grati.example.evil.example/b.jpg', 403],
    ['http://localhost:4100/b.jpg', 403],
    ['http://[::1]:4100/b.jpg', 403],
    ['http://169.254.169.254/latest/meta-data/', 403],
  ])('refuses %s with a %i', (raw, status) => {
    expect(() => mediaSource(raw, policy)).toThrow(expect.objectContaining({ status }));
  });

  it("takes a path on the API's origin when it has one, held to the origins as any address", () => {
    expect(mediaSource('/media/seed/a b.jpg', api).href).toBe(
      'http://127.0.0.1:4100/media/seed/a%20b.jpg',
    );
    expect(() =>
      mediaSource('/media/a.jpg', { origins, relativeTo: 'http://127.0.0.1:9' }),
    ).toThrow(expect.objectContaining({ status: 403 }));
  });

  it.each([
    '//media.grati.example/b.jpg',
    '/\\media.grati.example/b.jpg',
    '/\t/media.grati.example/b.jpg',
    'media/a.jpg',
    '../a.jpg',
  ])('refuses %j, which is not a path of the API origin, with a 400', (raw) => {
    expect(() => mediaSource(raw, api)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it.each([
    '/_img?url=/media/a.jpg&w=256',
    '/_IMG?url=/media/a.jpg&w=256',
    '/_img/?url=/media/a.jpg&w=256',
    '/%5Fimg?url=/media/a.jpg&w=256',
    '/%255Fimg',
    'http://127.0.0.1:4100//_img',
    '/media/../_img',
    '/media/%2E%2E/_img',
    'http://127.0.0.1:4100/_img?url=x',
    'https://media.grati.example/_Img/',
  ])("refuses the image endpoint's own route, %j, with a 400 naming it", (raw) => {
    expect(() => mediaSource(raw, { ...api, signedUrls: true })).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining('image endpoint') }),
    );
  });

  it.each(['/media/_img', '/_images/a.jpg', '/_img.jpg', '/media/a_img'])(
    'takes %j, a path that is not the route',
    (raw) => {
      expect(isImageRoutePath(raw)).toBe(false);
      expect(mediaSource(raw, api).pathname).toBe(raw);
    },
  );

  it.each(['/media/x.png?v=1', '/media/x.png?sig=abc', 'https://media.grati.example/x.png?v=2'])(
    'refuses %j, a media address with a query, with a 400 (one picture, one entry)',
    (raw) => {
      expect(() => mediaSource(raw, api)).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringContaining('no query') }),
      );
    },
  );

  it('keeps the query when the API signs its media URLs', () => {
    expect(mediaSource('/media/x.png?sig=abc', { ...api, signedUrls: true }).href).toBe(
      'http://127.0.0.1:4100/media/x.png?sig=abc',
    );
  });

  it("refuses the site's own origin unless it is a media origin", () => {
    const site = { origins, publicOrigin: 'https://grati.example' };
    expect(() => mediaSource('https://grati.example/media/a.jpg', site)).toThrow(
      expect.objectContaining({ status: 403, message: expect.stringContaining('own address') }),
    );
    const sameOrigin = {
      origins: [...origins, 'https://grati.example'],
      publicOrigin: 'https://grati.example',
    };
    expect(mediaSource('https://grati.example/media/a.jpg', sameOrigin).pathname).toBe(
      '/media/a.jpg',
    );
  });
});

describe('spellings of one picture', () => {
  const policy = {
    origins: ['https://media.grati.example'],
    relativeTo: 'https://media.grati.example',
  };

  it.each([
    ['/media/%61.png', '/media/a.png'],
    ['/media/%7e%2D%5f%2e%41.png', '/media/~-_.A.png'],
    ['/media/%2fa%3f.png', '/media/%2Fa%3F.png'],
    ['/media/./x/%2e%2E/a.png', '/media/a.png'],
    ['/media/a%20b.png', '/media/a%20b.png'],
  ])('reads %j as every origin must, %j: one download and one cache entry', (raw, path) => {
    expect(mediaSource(raw, policy).pathname).toBe(path);
  });

  it('counts spellings an origin may or may not tell apart as one picture', () => {
    const group = (raw: string) => pictureGroup(mediaSource(raw, policy));
    const picture = group('/media/a.png');
    for (const spelt of ['/MEDIA/a.png', '/mEdIa/A.PNG', '/media//a.png', '/media/%2561.png']) {
      expect(group(spelt)).toBe(picture);
    }
    expect(group('/media/b.png')).not.toBe(picture);
    expect(group('/media/a.png.png')).not.toBe(picture);
  });
});

describe('fetchPicture', () => {
  const PICTURE = Buffer.alloc(40 * 1024, 7);
  const limits: SourceLimits = { maxBytes: 64 * 1024, timeoutMs: 10_000, maxRedirects: 3 };
  let media: TestServer;
  let trap: TestServer;

  const routes: Record<string, (res: ServerResponse) => void> = {
    '/picture.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(PICTURE),
    '/moved': (res) => res.writeHead(302, { location: '/picture.jpg' }).end(),
    '/away': (res) => res.writeHead(301, { location: `http://localhost:${trap.port}/x.jpg` }).end(),
    '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-endpoint': (res) => res.writeHead(302, { location: '/%5FIMG/?url=/picture.jpg' }).end(),
    '/signed': (res) => res.writeHead(302, { location: '/picture.jpg?sig=cdn' }).end(),
    '/broken': (res) => res.writeHead(500).end(),
    '/declared-large': (res) => res.writeHead(200, { 'content-length': 65 * 1024 }).end(),
    '/streamed-large': (res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      for (let i = 0; i < 20; i += 1) res.write(PICTURE.subarray(0, 8 * 1024));
      res.end();
    },
    '/hangs': () => undefined,
  };

  const headers: IncomingMessage['headers'][] = [];

  beforeAll(async () => {
    media = await startServer((req: IncomingMessage, res: ServerResponse) => {
      headers.push(req.headers);
      const route = routes[(req.url ?? '').split('?')[0]!];
      if (route) route(res);
      else res.writeHead(404).end();
    });
    trap = await startServer((_req, res) => res.end('never'), '::');
  });

  afterAll(async () => {
    await Promise.all([media.close(), trap.close()]);
  });

  const fetchFrom = (path: string, sourceLimits = limits) =>
    fetchPicture(new URL(path, media.origin), { origins: [media.origin], limits: sourceLimits });

  it('follows redirects within the media origins, one to a CDN-signed query, marking its requests', async () => {
    expect((await fetchFrom('/moved')).body.equals(PICTURE)).toBe(true);
    expect(media.requests.slice(-2)).toEqual(['/moved', '/picture.jpg']);
    // Marked, so that this server can refuse its own fetches.
    for (const sent of headers.slice(-2)) {
      expect(sent[IMAGE_FETCH_HEADER]).toBe('1');
      expect(sent.cookie).toBeUndefined();
    }
    expect((await fetchFrom('/signed')).body.equals(PICTURE)).toBe(true);
    expect(media.requests.at(-1)).toBe('/picture.jpg?sig=cdn');
  });

  it("refuses a redirect to the image endpoint's route, without following it", async () => {
    const before = media.requests.length;
    await expect(fetchFrom('/to-endpoint')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('image endpoint'),
    });
    expect(media.requests.slice(before)).toEqual(['/to-endpoint']);
  });

  it('refuses a redirect outside the media origins without connecting there', async () => {
    await expect(fetchFrom('/away')).rejects.toMatchObject({ status: 403 });
    expect(trap.connections).toBe(0);
  });

  it('refuses an origin whose name resolves to a loopback or private address', async () => {
    const lookups: string[] = [];
    // DNS rebinding: the origin is configured, the address its name now resolves to is not public.
    const resolve =
      (...addresses: string[]): Resolve =>
      (hostname, callback) => {
        lookups.push(hostname);
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
      };
    for (const answer of [['127.0.0.1'], ['8.8.8.8', '::1']]) {
      const origin = `http://media.grati.example:${trap.port}`;
      await expect(
        fetchPicture(new URL('/x.jpg', origin), {
          origins: [origin],
          limits,
          resolve: resolve(...answer),
        }),
      ).rejects.toMatchObject({ status: 403, message: expect.stringContaining('non-public') });
    }
    expect(lookups).toEqual(['media.grati.example', 'media.grati.example']);
    expect(trap.connections).toBe(0);
  });

  it('tells a missing picture (404) from an origin failing (502)', async () => {
    await expect(fetchFrom('/missing.jpg')).rejects.toMatchObject({ status: 404 });
    await expect(fetchFrom('/broken')).rejects.toMatchObject({ status: 502 });
    await expect(fetchFrom('/loop')).rejects.toMatchObject({ status: 502 });
  });

  it.each(['/declared-large', '/streamed-large'])(
    'refuses a picture over the byte limit (%s)',
    async (path) => {
      await expect(fetchFrom(path)).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining(`larger than ${limits.maxBytes} bytes`),
      });
    },
  );

  it('gives up on an origin that does not answer in time', async () => {
    await expect(fetchFrom('/hangs', { ...limits, timeoutMs: 300 })).rejects.toMatchObject({
      status: 504,
    });
  });
});
