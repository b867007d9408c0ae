// The processes of the production server and real photos sections: the mock API alone (as the
// Grati API), the production server (`node dist-server/server.js`, exactly what `npm run serve`
// runs) and nginx with deploy/nginx.conf filled in. Each runs in its own process group on a free
// port (scripts/serverProcess.ts); the bench stops each group by its own id, never by name.
import { execFile } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { chmod, mkdir, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startGroupProcess, type GroupProcess } from '../scripts/serverProcess';
import { PROFILE, findUserBody, postJson } from './demo';
import { ROOT, type Harness } from './harness';

const run = promisify(execFile);

export const SERVER_SCRIPT = path.join(ROOT, 'dist-server', 'server.js');

/** `npm run serve` (package.json), taken apart: `NAME=value ... node --option ... script`. */
export const SERVE = ((): { env: Record<string, string>; nodeOptions: string[] } => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = pkg.scripts.serve!.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || words[words.length - 1] !== 'dist-server/server.js') {
    throw new Error(`npm run serve is not "NAME=value ... node ... dist-server/server.js"`);
  }
  return {
    env: Object.fromEntries(
      words.slice(0, node).map((word) => word.split('=', 2) as [string, string]),
    ),
    nodeOptions: words.slice(node + 1, -1),
  };
})();
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx.conf');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

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

/** The production server: its public port (`baseUrl`) and its metrics port (`metricsUrl`). */
export type ProductionServer = GroupProcess & { metricsUrl: string };

/** `node dist-server/server.js` (NODE_ENV=production, LOG_LEVEL=error) on a free port (or
 * `port`), reading profiles from `apiBaseUrl`. Ready once /readyz says so (it has reached the
 * API). */
export async function startProductionServer(options: {
  name: string;
  apiBaseUrl: string;
  logFile: string;
  port?: number;
  /** Default http://localhost:<its port>. */
  publicOrigin?: string;
}): Promise<ProductionServer> {
  const port = options.port ?? (await freePort());
  // Its /metrics is served on a port of its own (METRICS_PORT), never on the public one.
  const metricsPort = await freePort();
  const group = await startGroupProcess({
    name: options.name,
    // The node binary itself (not npm, not a shell): its pid is the server's, for /proc.
    command: process.execPath,
    // With the node options and environment `npm run serve` gives it (the image's are the same).
    args: [...SERVE.nodeOptions, SERVER_SCRIPT],
    env: {
      ...process.env,
      ...SERVE.env,
      // The bench measures the demo build (npm run build), which npm run serve refuses by default.
      ALLOW_DEMO_BUILD: '1',
      LOG_LEVEL: 'error',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      API_BASE_URL: options.apiBaseUrl,
      PUBLIC_ORIGIN: options.publicOrigin ?? `http://localhost:${port}`,
    },
    port,
    logFile: options.logFile,
    ready: async (baseUrl) => (await fetch(`${baseUrl}/readyz`)).ok,
  });
  return Object.assign(group, { metricsUrl: `http://127.0.0.1:${metricsPort}` });
}

/** The resident set of a process, from /proc/<pid>/status (VmRSS), in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Checks that `pid` is the node process running the server (not a wrapper); its command line. */
export async function assertNodeServer(pid: number): Promise<string> {
  const exe = await readlink(`/proc/${pid}/exe`);
  const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
  if (exe !== realpathSync(process.execPath) || cmdline.at(-1) !== SERVER_SCRIPT) {
    throw new Error(`pid ${pid} is ${exe} ${cmdline.join(' ')}, not node ${SERVER_SCRIPT}`);
  }
  return `${exe} ${cmdline.slice(1).join(' ')}`;
}

export interface NginxProcess extends GroupProcess {
  configFile: string;
  accessLog: string;
  errorLog: string;
  version: string;
}

/** Fills the four placeholders of deploy/nginx.conf. */
export function fillNginxTemplate(
  template: string,
  values: { listen: string; upstreams: readonly string[]; cacheDir: string; runtimeDir: string },
): string {
  const filled = template
    .replaceAll('{{LISTEN_PORT}}', values.listen)
    .replaceAll(
      '{{UPSTREAMS}}',
      values.upstreams.map((address) => `server ${address};`).join('\n        '),
    )
    .replaceAll('{{CACHE_DIR}}', values.cacheDir)
    .replaceAll('{{RUNTIME_DIR}}', values.runtimeDir);
  const left = filled.split('\n').filter((line) => !/^\s*#/.test(line) && /\{\{\w+\}\}/.test(line));
  if (left.length > 0) throw new Error(`placeholders left in nginx.conf: ${left.join(' / ')}`);
  return filled;
}

/** nginx in the foreground (`-g 'daemon off;'`, its own process group) with deploy/nginx.conf
 * filled in under `dir`: listening on a free loopback port, in front of `upstreams`. `dir` must
 * be reachable by nginx's workers (they run as nobody when the bench runs as root). */
export async function startNginx(
  dir: string,
  upstreams: readonly number[],
  port?: number,
): Promise<NginxProcess> {
  const cacheDir = path.join(dir, 'cache');
  const runtimeDir = path.join(dir, 'run');
  await mkdir(cacheDir, { recursive: true });
  await mkdir(runtimeDir, { recursive: true });
  for (const folder of [dir, cacheDir, runtimeDir]) await chmod(folder, 0o755);
  port ??= await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(
    configFile,
    fillNginxTemplate(await readFile(NGINX_TEMPLATE, 'utf8'), {
      listen: `127.0.0.1:${port}`,
      upstreams: upstreams.map((p) => `127.0.0.1:${p}`),
      cacheDir,
      runtimeDir,
    }),
  );
  const errorLog = path.join(runtimeDir, 'error.log');
  // -e: nginx's own log before it has read the file (not /var/log/nginx).
  const base = ['-e', errorLog, '-c', configFile];
  await run(NGINX, ['-t', ...base]).catch((error: { stderr?: string }) => {
    throw new Error(`nginx -t failed: ${error.stderr ?? String(error)}`);
  });
  const version = (await run(NGINX, ['-v'])).stderr.trim();
  const nginx = await startGroupProcess({
    name: 'nginx',
    command: NGINX,
    args: [...base, '-g', 'daemon off;'],
    env: process.env,
    port,
    logFile: path.join(dir, 'nginx-stdout.log'),
    ready: async (baseUrl) => (await fetch(`${baseUrl}/healthz`)).ok,
  });
  return {
    ...nginx,
    configFile,
    accessLog: path.join(runtimeDir, 'access.log'),
    errorLog,
    version,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh production server in front of the section's mock API, tracked by the harness. */
export async function freshServer(
  h: Harness,
  mockApi: GroupProcess,
  name: string,
  publicOrigin?: string,
) {
  const exit = mockApi.exitedEarly();
  if (exit) throw new Error(`the mock API ${exit}`);
  const server = h.track(
    await startProductionServer({
      name,
      apiBaseUrl: `${mockApi.baseUrl}/api`,
      logFile: path.join(h.tmp, `${name.replace(/\W+/g, '-')}.log`),
      ...(publicOrigin ? { publicOrigin } : {}),
    }),
  );
  const process = await assertNodeServer(server.pid);
  h.log(`  ${name} ${server.baseUrl} (pid ${server.pid}, ${process})`);
  return { server, process };
}

/** `work` on a fresh production server (freshServer), stopped when it is done. */
export async function onFreshServer<T>(
  h: Harness,
  mockApi: GroupProcess,
  name: string,
  work: (server: ProductionServer, process: string) => Promise<T>,
): Promise<T> {
  const { server, process } = await freshServer(h, mockApi, name);
  try {
    return await work(server, process);
  } finally {
    await h.stop(server);
  }
}
