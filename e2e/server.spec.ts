// The built server (`npm run serve`) before a stand-in API that records every call: what an HTTP
// client, a crawler or an attacker observes, and a browser where media must play.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import express from 'express';
import sharp from 'sharp';
import { emulatorCodeIn } from '../scripts/emulatorMarkers';
import { makePhonePhoto } from '../scripts/phonePhotos';
import {
  START_BUDGET_MS,
  freePort,
  productionServerCommand,
  waitForUp,
} from '../scripts/serverProcess';
import { imageUrl } from '../src/config/images';
import { profileAnswer } from '../src/server/testing';
import { recordViolations } from './pageProblems';

const ROOT = path.join(__dirname, '..');
const PUBLIC_ORIGIN = 'https://grati.example';

/** findUser answers any id but `nobody`; `slow-*` ids wait; `broken` has no user to render. */
class FakeApi {
  calls: { path: string; id: string | null; authorization: string | undefined }[] = [];
  /** Served at /media/photo.jpg, on the image endpoint's default origin. */
  picture: Buffer | null = null;
  /** Where the profile `with-video` says its feed's video and poster are. */
  mediaOrigin = '';
  private server: Server;

  constructor() {
    this.server = createServer((req, res) => {
      if (req.url === '/media/photo.jpg' && this.picture) {
        this.calls.push({ path: req.url, id: null, authorization: req.headers.authorization });
        res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(this.picture);
        return;
      }
      void this.answer(req).then(({ status, body }) => {
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      });
    });
  }

  private async answer(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const id = raw ? ((JSON.parse(raw) as { _id?: string })._id ?? null) : null;
    this.calls.push({ path: req.url ?? '', id, authorization: req.headers.authorization });
    if (id?.startsWith('slow-')) await new Promise((r) => setTimeout(r, 1500));
    if (id === 'nobody')
      return { status: 404, body: { error: 'not_found', message: 'No account' } };
    const body = profileAnswer(String(id), id === 'with-video' ? [this.videoReview()] : []);
    const found = body.data.data;
    const user = { ...found.userDetails, profilePicture: '/media/seed/picture.jpg' };
    const data = { ...found, userDetails: id === 'broken' ? null : user };
    return { status: 200, body: { ...body, data: { ...body.data, data } } };
  }

  private videoReview() {
    return {
      id: 'f-video',
      gratitudeType: 'REVIEW',
      icon: 'CELEBRATION',
      title: 'Liam Carter celebrated you',
      sayThanks: 'Here is the winning pour.',
      media: [
        {
          imgUrl: `${this.mediaOrigin}/media/ava-video-latte.mp4`,
          mimeType: 'video/mp4',
          thumbnailUrl: `${this.mediaOrigin}/media/ava-video-latte-poster.jpg`,
        },
      ],
      createdAt: new Date().toISOString(),
      boosted: false,
      tipAmount: null,
      giveThanksUser: { fullName: 'Liam Carter', profilePicture: null },
    };
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  callsFor(id: string) {
    return this.calls.filter((call) => call.id === id);
  }

  stop() {
    this.server.closeAllConnections();
    this.server.close();
  }
}

/** The built server as `npm run serve` starts it, with `env` over a demo build allowed. */
function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const command = productionServerCommand({ ALLOW_DEMO_BUILD: '1', ...env });
  const child = spawn(command.command, command.args, {
    cwd: ROOT,
    env: command.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** The built server with `env`, once up; its metrics on a port of their own (METRICS_PORT). */
async function serve(env: Record<string, string>) {
  const port = await freePort();
  const metricsPort = await freePort();
  const ports = { PORT: String(port), METRICS_PORT: String(metricsPort) };
  const { child, output } = start({ ...ports, LOG_LEVEL: 'warn', ...env });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForUp(`${baseUrl}/healthz`, Date.now() + START_BUDGET_MS, child);
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  return { baseUrl, metricsUrl, child, output, exited };
}

/** What a response body must never show: a stack trace or a path of the server's. */
function expectNoLeak(body: string) {
  expect(body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|dist-server|\/work\/|Error:/);
}

let api: FakeApi;
let apiOrigin: string;
let canary: FakeApi;
let canaryHost: string;
let server: Awaited<ReturnType<typeof serve>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  api = new FakeApi();
  canary = new FakeApi();
  const apiBaseUrl = await api.start();
  apiOrigin = new URL(apiBaseUrl).origin;
  canaryHost = new URL(await canary.start()).host;
  server = await serve({ API_BASE_URL: apiBaseUrl, PUBLIC_ORIGIN });
});

test.afterAll(async () => {
  server.child.kill('SIGKILL');
  api.stop();
  canary.stop();
});

test('renders a profile from the configured API, with its canonical and preview URLs', async ({
  request,
}) => {
  const answer = await request.get(`${server.baseUrl}/user_profile/ava/`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain('<h1');
  expect(html).toContain('Profile Ava');
  // iOS leaves digit runs as they are (no phone links React would have to throw away).
  expect(html).toContain('<meta name=format-detection content="telephone=no">');
  expect(html).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/user_profile/ava">`);
  expect(html).toContain(`content="${PUBLIC_ORIGIN}/media/seed/picture.jpg"`);
  expect(answer.headers()['cache-control']).toBe(
    'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
  );
  expect(answer.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  expect(api.callsFor('ava')[0]?.authorization).toMatch(/^Bearer \S+/);

  // /user-details/{id} is the same profile: one canonical address.
  const details = await (await request.get(`${server.baseUrl}/user-details/ava`)).text();
  expect(details).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/user_profile/ava">`);
});

test('a spoofed Host, X-Forwarded-* or Origin changes neither the API called nor any URL', async ({
  request,
}) => {
  const before = api.calls.length;
  const answer = await request.get(`${server.baseUrl}/user_profile/spoofed?ref=1`, {
    headers: {
      Host: canaryHost,
      'X-Forwarded-Host': canaryHost,
      'X-Forwarded-Proto': 'http',
      Forwarded: `host=${canaryHost};proto=http`,
      Origin: `http://${canaryHost}`,
    },
  });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(canary.calls).toEqual([]);
  expect(api.calls.length).toBe(before + 1);
  expect(html).not.toContain(canaryHost);
  // The page's own absolute URLs: its canonical link and its link-preview tags.
  const absolute = [
    ...html.matchAll(/<link rel="canonical" href="([^"]+)">|<meta [^>]*content="(https?:[^"]+)">/g),
  ].map((m) => m[1] ?? m[2]);
  expect(absolute.length).toBeGreaterThanOrEqual(4);
  for (const url of absolute) expect(url!.startsWith(`${PUBLIC_ORIGIN}/`)).toBe(true);
});

test('a spike on one profile makes one API call', async ({ request }) => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => request.get(`${server.baseUrl}/user_profile/popular`)),
  );
  expect(answers.map((a) => a.status())).toEqual(Array(20).fill(200));
  expect(api.callsFor('popular')).toHaveLength(1);
});

test('the mock API, the emulators and the testers’ tools are not served', async ({ request }) => {
  for (const path of [
    '/api/__db/db',
    '/api/__scenarios',
    '/api/gratitude/findUser',
    '/v1/payment_intents',
    '/__stripe/stripe.js',
    '/__recaptcha/api.js',
    '/__branch/v1/open',
  ]) {
    const answer = await request.get(`${server.baseUrl}${path}`);
    expect(answer.status(), path).toBe(404);
    expect(await answer.json(), path).toEqual({ status: 404, message: 'Not found' });
  }
  const post = await request.post(`${server.baseUrl}/api/__scenarios`, { data: { name: 'slow' } });
  expect(post.status()).toBe(405);
});

test('hostile and malformed addresses answer small pages without a stack trace', async ({
  request,
}) => {
  const before = api.calls.length;
  const cases: [string, number, 'html' | 'json'][] = [
    ['/user_profile/%E0%A4%A', 404, 'html'],
    ['/user_profile/redirect/a/%ZZ', 200, 'html'],
    ['/assets/%E0%A4%A', 400, 'json'],
    ['/assets/nonexistent.js', 404, 'json'],
    ['/user_profile/constructor', 404, 'html'],
    ['/user_profile/__proto__', 404, 'html'],
    ['/user_profile/toString', 404, 'html'],
    [`/user_profile/${'a'.repeat(101)}`, 404, 'html'],
    ['/nowhere', 404, 'html'],
  ];
  for (const [path, status, type] of cases) {
    const answer = await request.get(`${server.baseUrl}${path}`);
    expect(answer.status(), path).toBe(status);
    expect(answer.headers()['content-type'], path).toContain(type);
    expectNoLeak(await answer.text());
  }
  // The implausible ids were never looked up; the OOPS page, under the site's header, says why.
  expect(api.calls.length).toBe(before);
  for (const path of ['/user_profile/constructor', '/user_profile/%E0%A4%A']) {
    const oops = await (await request.get(`${server.baseUrl}${path}`)).text();
    expect(oops, path).toContain('OOPS!!');
    expect(oops, path).toContain('No account exists with this credentials');
    expect(oops, path).toMatch(/<header[^>]*class="site-header/);
  }

  const missing = await request.get(`${server.baseUrl}/user_profile/nobody`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('OOPS!!');
});

test('a page that throws while rendering: a 500 with the error screen in the site frame', async ({
  request,
}) => {
  const answer = await request.get(`${server.baseUrl}/user_profile/broken`);
  expect(answer.status()).toBe(500);
  expect(answer.headers()['cache-control']).toBe('no-store');
  const html = await answer.text();
  expect(html).toContain('Something went wrong');
  // The app's scripts come with it: the browser renders the page afresh.
  expect(html).toMatch(/<script defer(?:="")? src="?\/assets\/main/);
  expectNoLeak(html);
  expect(server.output()).toContain('server render failed');
  // Not kept as the profile's page: asked again, it is rendered (and fails) again.
  expect((await request.get(`${server.baseUrl}/user_profile/broken`)).status()).toBe(500);
});

test('the app’s script comes back brotli or gzip, as asked; pages are compressed too', async ({
  request,
}) => {
  const shell = await (await request.get(`${server.baseUrl}/`)).text();
  const file = /src="?(\/assets\/main[^" >]+\.js)/.exec(shell)?.[1];
  expect(file).toBeTruthy();
  const plain = await request.get(`${server.baseUrl}${file}`, {
    headers: { 'Accept-Encoding': 'identity' },
  });
  const original = await plain.body();
  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const raw = await fetch(`${server.baseUrl}${file}`, {
      headers: { 'Accept-Encoding': encoding },
    });
    expect(raw.headers.get('content-encoding'), file).toBe(encoding);
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(raw.headers.get('vary')).toContain('Accept-Encoding');
    // fetch decodes by itself: the bytes are the same file.
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.equals(original) || decode(bytes).equals(original)).toBe(true);
  }
  const page = await fetch(`${server.baseUrl}/user_profile/ava`, {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(page.headers.get('content-encoding')).toBe('gzip');
});

test('health, readiness and metrics', async ({ request }) => {
  expect(await (await request.get(`${server.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
  const ready = await request.get(`${server.baseUrl}/readyz`);
  expect(ready.status()).toBe(200);
  // Metrics on their own port (METRICS_PORT).
  const metrics = await (await request.get(`${server.metricsUrl}/metrics`)).text();
  expect(metrics).toMatch(/http_requests_total\{method="GET",route="profile",status="200"\} \d+/);

  // An API that cannot be reached: not ready, and its pages are rendered by the browser.
  const orphan = await serve({ API_BASE_URL: 'http://127.0.0.1:9/api', PUBLIC_ORIGIN });
  try {
    expect((await request.get(`${orphan.baseUrl}/readyz`)).status()).toBe(503);
    expect((await request.get(`${orphan.baseUrl}/healthz`)).status()).toBe(200);
    const page = await request.get(`${orphan.baseUrl}/user_profile/ava`);
    expect(page.status()).toBe(503);
    expect(page.headers()['retry-after']).toBe('5');
    expect(await page.text()).toContain('<div id=root></div>');
  } finally {
    orphan.child.kill('SIGKILL');
  }
});

test('the image endpoint: pictures of the API’s media at the width asked, from nowhere else', async ({
  request,
}) => {
  // sharp is an external of dist-server: this shows it loads there.
  api.picture = await makePhonePhoto({ width: 800, height: 600, orientation: 6 });
  const answer = await request.get(
    `${server.baseUrl}${imageUrl(`${apiOrigin}/media/photo.jpg`, 256)}`,
    { headers: { Accept: 'image/avif,image/webp,*/*' } },
  );
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/webp');
  const metadata = await sharp(await answer.body()).metadata();
  expect(metadata).toMatchObject({ width: 256, height: Math.round((800 * 256) / 600) });
  expect(metadata.exif).toBeUndefined();

  // Another host is refused, whatever the request's own headers say, and never called.
  const refused = await request.get(
    `${server.baseUrl}${imageUrl(`http://${canaryHost}/media/photo.jpg`, 256)}`,
    {
      headers: { Host: canaryHost, 'X-Forwarded-Host': canaryHost, Origin: `http://${canaryHost}` },
    },
  );
  expect(refused.status()).toBe(403);
  expect((await refused.json()) as unknown).toMatchObject({ status: 403 });
  expect(canary.calls).toEqual([]);
});

test('media from MEDIA_ORIGINS (a CDN): a feed video plays there, under the page’s policy; Apple Pay’s domain file is served', async ({
  page,
  request,
}) => {
  // The media host: the seed's media, with byte ranges as a CDN serves them.
  const mediaRequests: string[] = [];
  const mediaHost = express()
    .use((req, _res, next) => {
      mediaRequests.push(req.path);
      next();
    })
    .use('/media', express.static(path.join(ROOT, 'mock-api', 'seed', 'media')))
    .listen(0, '127.0.0.1');
  await once(mediaHost, 'listening');
  const mediaOrigin = `http://127.0.0.1:${(mediaHost.address() as AddressInfo).port}`;
  api.mediaOrigin = mediaOrigin;
  const association = '/.well-known/apple-developer-merchantid-domain-association';
  const dir = mkdtempSync(path.join(tmpdir(), 'grati-apple-pay-'));
  const domainFile = path.join(dir, path.basename(association));
  writeFileSync(domainFile, '7B227073704964223A2241..."}');
  const served = await serve({
    API_BASE_URL: `${apiOrigin}/api`,
    PUBLIC_ORIGIN,
    MEDIA_ORIGINS: `${mediaOrigin},${apiOrigin}`,
    APPLE_PAY_DOMAIN_FILE: domainFile,
  });
  try {
    const file = await request.get(`${served.baseUrl}${association}`);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe('7B227073704964223A2241..."}');
    // Not configured, the address is not there.
    expect((await request.get(`${server.baseUrl}${association}`)).status()).toBe(404);

    const violations = await recordViolations(page);
    await page.goto(`${served.baseUrl}/user_profile/with-video`);
    const policy = (await request.get(`${served.baseUrl}/user_profile/with-video`)).headers()[
      'content-security-policy'
    ];
    expect(policy).toMatch(new RegExp(`media-src [^;]*${mediaOrigin}`));
    expect(policy).toMatch(new RegExp(`img-src [^;]*${mediaOrigin}`));
    await page.getByRole('button', { name: 'Play video from Liam Carter' }).click();
    const video = page.getByLabel('video from Liam Carter', { exact: true });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2))
      .toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(
      `${mediaOrigin}/media/ava-video-latte.mp4`,
    );
    expect(mediaRequests).toContain('/media/ava-video-latte.mp4');
    await page.screenshot({ path: test.info().outputPath('media-origin-video.png') });
    expect(violations).toEqual([]);
  } finally {
    served.child.kill('SIGKILL');
    mediaHost.closeAllConnections();
    mediaHost.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts the server with `env`; expects exit 1 without a stack trace. Returns what it said. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  const { child, output } = start({ PORT: '0', ...env });
  const [code] = (await once(child, 'exit')) as [number];
  expect(code, output()).toBe(1);
  expectNoLeak(output());
  return output();
}

// Each setting's own refusal: src/server/settings.test.ts, "refuses %j"; here, that it stops.
test('settings are checked at start, each bad value named', async () => {
  for (const [env, message] of [
    [{ API_BASE_URL: '', PUBLIC_ORIGIN }, 'API_BASE_URL must be set'],
    [{ API_BASE_URL: 'http://api/x', PUBLIC_ORIGIN: 'grati.example' }, 'PUBLIC_ORIGIN must be'],
  ] as const) {
    expect(await refusedStart(env)).toContain(message);
  }
});

test('a demo build is refused, naming the fix, unless ALLOW_DEMO_BUILD=1', async () => {
  // dist/ is `npm run build`'s: the demo, with what a live build must hold none of.
  expect(JSON.parse(readFileSync(path.join(ROOT, 'dist', 'build.json'), 'utf8'))).toMatchObject({
    kind: 'demo',
  });
  expect(emulatorCodeIn(ROOT)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^dist\/.*: data-redirects$/)]),
  );
  const output = await refusedStart({
    API_BASE_URL: 'http://api/x',
    PUBLIC_ORIGIN,
    ALLOW_DEMO_BUILD: '0',
  });
  expect(output).toContain('dist/ holds a demo build');
  expect(output).toContain('npm run build:live');
  expect(output).toContain('ALLOW_DEMO_BUILD=1');
});

test('SIGTERM: requests in flight all complete, then the server exits', async () => {
  const before = api.calls.length;
  const inFlight = Array.from({ length: 12 }, (_, i) =>
    fetch(`${server.baseUrl}/user_profile/slow-${i}`).then(async (r) => ({
      status: r.status,
      html: await r.text(),
    })),
  );
  // Every request has reached the API (each waits 1.5 s there) before the signal.
  await expect.poll(() => api.calls.length - before).toBe(12);
  server.child.kill('SIGTERM');
  const answers = await Promise.all(inFlight);
  expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  answers.forEach((a, i) => expect(a.html).toContain(`Profile Slow-${i}`));
  expect(await server.exited).toBe(0);
  await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
});
