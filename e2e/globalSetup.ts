// Starts `npm run preview` (the production build + mock API) on a free port with a temp data dir.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForUp } from '../scripts/serverProcess';

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
