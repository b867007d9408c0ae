/** @jest-environment node */
// deploy/nginx.conf (or NGINX_CONF) on Debian's nginx (or NGINX_PATH) before stand-in servers.
// Issue 50: its per-client limit must count only what reaches the server, not cache hits.
import { constants as fsConstants } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startGroupProcess, type GroupProcess } from '../../scripts/serverProcess';
import { imageUrl } from '../config/images';
import { httpGet as get, startServer, type TestServer } from './images/testing';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONFIG = process.env.NGINX_CONF ?? path.join(__dirname, '..', '..', 'deploy', 'nginx.conf');
/** Counts, not durations: nginx and the requests share a machine that may be busy. */
const GENEROUS_MS = 120_000;

describe('nginx in front of the image endpoint', () => {
  let dir: string;
  let upstreams: TestServer[] = [];
  let nginx: GroupProcess;
  /** The headers of each picture request that reached the server process. */
  const reached: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    await access(NGINX, fsConstants.X_OK).catch(() => {
      throw new Error(
        `no nginx at ${NGINX}: install Debian's nginx (.ci/run does) or set NGINX_PATH`,
      );
    });
    // Pictures a week cacheable; a `busy` one turned away as a spelling past its queue is (503).
    const serve: Parameters<typeof startServer>[0] = (req, res) => {
      if (req.url === '/healthz') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
        return;
      }
      reached.push(req.headers);
      if (req.url?.includes('busy')) {
        res
          .writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' })
          .end('{"error":"This picture is being fetched under many other addresses"}');
        return;
      }
      res
        .writeHead(200, {
          'content-type': req.url?.startsWith('/_img') ? 'image/webp' : 'text/html',
          'cache-control': 'public, max-age=604800, stale-while-revalidate=86400',
          vary: 'Accept',
        })
        .end(Buffer.alloc(2048, 7));
    };
    upstreams = [await startServer(serve), await startServer(serve)];
    // nginx's workers run as nobody when the tests run as root: its folders must let them in.
    dir = await mkdtemp(path.join(tmpdir(), 'grati-nginx-'));
    const cacheDir = path.join(dir, 'cache');
    const runtimeDir = path.join(dir, 'run');
    for (const folder of [dir, cacheDir, runtimeDir]) {
      await mkdir(folder, { recursive: true });
      await chmod(folder, 0o755);
    }
    const port = await freePort();
    const config = (await readFile(CONFIG, 'utf8'))
      .replaceAll('{{LISTEN_PORT}}', `127.0.0.1:${port}`)
      .replaceAll(
        '{{UPSTREAMS}}',
        upstreams.map((upstream) => `server 127.0.0.1:${upstream.port};`).join('\n        '),
      )
      .replaceAll('{{CACHE_DIR}}', cacheDir)
      .replaceAll('{{RUNTIME_DIR}}', runtimeDir);
    const configFile = path.join(dir, 'nginx.conf');
    await writeFile(configFile, config);
    nginx = await startGroupProcess({
      name: 'nginx',
      command: NGINX,
      args: ['-e', path.join(runtimeDir, 'error.log'), '-c', configFile, '-g', 'daemon off;'],
      env: process.env,
      port,
      logFile: path.join(dir, 'nginx-stdout.log'),
      ready: async (baseUrl) => (await fetch(`${baseUrl}/healthz`)).ok,
    });
  }, GENEROUS_MS);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const picture = (name: string) =>
    `${nginx.baseUrl}${imageUrl(`https://media.grati.example/${name}.jpg`, 256)}`;
  const webp = (name: string) => get(picture(name), { accept: 'image/webp' });

  it(
    'answers 300 quick requests for one cached picture from its cache, none turned away',
    async () => {
      const before = reached.length;
      const first = await webp('cached');
      expect(first.status).toBe(200);
      expect(first.headers['x-cache-status']).toBe('MISS');

      const answers = await Promise.all(Array.from({ length: 300 }, () => webp('cached')));
      expect(answers.map((a) => a.status)).toEqual(Array(300).fill(200));
      expect(new Set(answers.map((a) => a.headers['x-cache-status']))).toEqual(new Set(['HIT']));
      expect(reached.length - before).toBe(1);
    },
    GENEROUS_MS,
  );

  it(
    "a process's 503 for one picture is that picture's answer: no process is taken out, so no one else gets a 502",
    async () => {
      const busy = await Promise.all(Array.from({ length: 20 }, (_, n) => webp(`busy-${n}`)));
      expect(new Set(busy.map((answer) => answer.status))).toEqual(new Set([503]));
      // Once, nginx counted each 503 as the process failing and answered these 502.
      const others = await Promise.all([
        ...Array.from({ length: 10 }, (_, n) => webp(`unrelated-${n}`)),
        get(`${nginx.baseUrl}/user_profile/bluebird-cafe?show=true`),
      ]);
      expect(others.map((answer) => answer.status)).toEqual(Array(11).fill(200));
    },
    GENEROUS_MS,
  );

  it('sends the server the client once in X-Forwarded-For, and nothing of the gate', async () => {
    const before = reached.length;
    await get(picture('headers'), { accept: 'image/webp', 'x-forwarded-for': '198.51.100.7' });
    const headers = reached.slice(before);
    expect(headers).toHaveLength(1);
    expect(headers[0]!['x-forwarded-for']).toBe('198.51.100.7, 127.0.0.1');
    expect(headers[0]!['x-forwarded-proto']).toBe('http');
    expect(headers[0]!.accept).toBe('image/webp');
    expect(headers[0]!['x-grati-client']).toBeUndefined();
    expect(headers[0]!.cookie).toBeUndefined();
  });
  // Last: it spends this client's allowance.
  it(
    'still limits the pictures one client has made: past the burst, a miss is a 429',
    async () => {
      const before = reached.length;
      const count = 500;
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: count }, (_, n) =>
          // A client naming itself in the gate's header is not believed: each is still this one.
          get(picture(`cold-${n}`), { 'x-grati-client': `10.9.${n >> 8}.${n & 255}` }),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const made = reached.length - before;
      const refused = answers.filter((a) => a.status === 429).length;
      expect(made + refused).toBe(count);
      // 200 at once, then 20 a second, however slowly the requests went out.
      expect(made).toBeLessThanOrEqual(200 + Math.ceil(20 * seconds) + 1);
    },
    GENEROUS_MS,
  );
});
