// The processes of the production server and real photos sections: the mock API alone (as the
// Grati API), the production server (`node dist-server/server.js`, exactly what `npm run serve`
// runs) and nginx with deploy/nginx.conf filled in. Each runs in its own process group on a free
// port (scripts/serverProcess.ts); the bench stops each group by its own id, never by name.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  freePort,
  productionServerCommand,
  startGroupProcess,
  type GroupProcess,
} from '../scripts/serverProcess';
import { PROFILE, findUserBody, postJson } from './demo';
import { round } from './format';
import { ROOT, type Harness } from './harness';

const run = promisify(execFile);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** `npm run mock-api` alone, on a free port, over a fresh data dir (made from the seed). */
export async function startMockApi(dataDir: string, logFile: string): Promise<GroupProcess> {
  const port = await freePort();
  return startGroupProcess({
    name: 'the mock API',
    command: 'npm',
    args: ['run', '--silent', 'mock-api'],
    env: { ...process.env, MOCK_API_PORT: String(port), MOCK_DATA_DIR: dataDir, CI: 'true' },
    port,
    logFile,
    // Ready once it answers the profile lookup the server will make.
    ready: async (baseUrl) =>
      (await postJson(`${baseUrl}/api`, 'gratitude/findUser', findUserBody(PROFILE))).ok,
  });
}

/** The resident set of a process, from /proc/<pid>/status (VmRSS), in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Samples the process's RSS every `everyMs` (at seconds since `started`) until stopped. */
export function sampleRss(pid: number, started: number, everyMs: number) {
  const samples: { t: number; rssBytes: number }[] = [];
  const timer = setInterval(() => {
    residentBytes(pid).then(
      (rssBytes) => samples.push({ t: round((Date.now() - started) / 1000, 1), rssBytes }),
      () => undefined,
    );
  }, everyMs);
  return {
    stop: () => clearInterval(timer),
    peakSince: (t: number) =>
      Math.max(0, ...samples.filter((s) => s.t >= t).map((s) => s.rssBytes)),
  };
}

/** nginx in the foreground (its own process group) with deploy/nginx.conf filled in under `dir`,
 * on `port` of loopback, in front of `upstreams`. `dir` must be reachable by nginx's workers
 * (they run as nobody when the bench runs as root). */
export async function startNginx(dir: string, upstreams: readonly number[], port: number) {
  const cacheDir = path.join(dir, 'cache');
  const runtimeDir = path.join(dir, 'run');
  for (const folder of [dir, cacheDir, runtimeDir]) {
    await mkdir(folder, { recursive: true });
    await chmod(folder, 0o755);
  }
  const servers = upstreams.map((p) => `server 127.0.0.1:${p};`).join('\n        ');
  const config = (await readFile(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8'))
    .replaceAll('{{LISTEN_PORT}}', `127.0.0.1:${port}`)
    .replaceAll('{{UPSTREAMS}}', servers)
    .replaceAll('{{CACHE_DIR}}', cacheDir)
    .replaceAll('{{RUNTIME_DIR}}', runtimeDir);
  const left = config.split('\n').filter((line) => !/^\s*#/.test(line) && /\{\{\w+\}\}/.test(line));
  if (left.length > 0) throw new Error(`placeholders left in nginx.conf: ${left.join(' / ')}`);
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(configFile, config);
  const errorLog = path.join(runtimeDir, 'error.log');
  const version = (await run(NGINX, ['-v'])).stderr.trim();
  const nginx = await startGroupProcess({
    name: 'nginx',
    command: NGINX,
    // -e: nginx's own log before it has read the file (not /var/log/nginx). A bad config makes
    // nginx exit with its [emerg] on stderr, which startGroupProcess shows.
    args: ['-e', errorLog, '-c', configFile, '-g', 'daemon off;'],
    env: process.env,
    port,
    logFile: path.join(dir, 'nginx-stdout.log'),
    ready: async (baseUrl) => (await fetch(`${baseUrl}/healthz`)).ok,
  });
  const accessLog = path.join(runtimeDir, 'access.log');
  return { ...nginx, accessLog, errorLog, version };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh `node dist-server/server.js` (as `npm run serve` starts it) in front of the section's
 * mock API, tracked by the harness. */
export async function freshServer(
  h: Harness,
  mockApi: GroupProcess,
  name: string,
  publicOrigin?: string,
) {
  h.assertAlive(mockApi);
  const port = await freePort();
  // As deployed, its /metrics is served on a port of its own (METRICS_PORT).
  const metricsPort = await freePort();
  const server = await startGroupProcess({
    name,
    // The node binary itself (not npm, not a shell): its pid is the server's, for /proc.
    ...productionServerCommand({
      // The bench measures the demo build (npm run build), which npm run serve refuses by default.
      ALLOW_DEMO_BUILD: '1',
      LOG_LEVEL: 'error',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      API_BASE_URL: `${mockApi.baseUrl}/api`,
      PUBLIC_ORIGIN: publicOrigin ?? `http://localhost:${port}`,
    }),
    port,
    logFile: path.join(h.tmp, `${name.replace(/\W+/g, '-')}.log`),
    ready: async (baseUrl) => (await fetch(`${baseUrl}/readyz`)).ok,
  });
  h.log(`  ${name} ${server.baseUrl} (pid ${server.pid})`);
  return h.track(server);
}

/** `work` on a fresh production server (freshServer), stopped when it is done. */
export async function onFreshServer<T>(
  h: Harness,
  mockApi: GroupProcess,
  name: string,
  work: (server: Awaited<ReturnType<typeof freshServer>>) => Promise<T>,
): Promise<T> {
  const server = await freshServer(h, mockApi, name);
  try {
    return await work(server);
  } finally {
    await h.stop(server);
  }
}
