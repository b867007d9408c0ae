// Starts `npm run preview` (the production build + mock API) on a free port with a temp data dir.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForUp(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export default async function globalSetup() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-e2e-'));
  const child = spawn('npm', ['run', '--silent', 'preview'], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, PORT: String(port), MOCK_DATA_DIR: dataDir, CI: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://localhost:${port}`;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  await waitForUp(`${baseUrl}/`, Date.now() + 30_000);
  return async () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  };
}
