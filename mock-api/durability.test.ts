// Kills the mock API process (SIGKILL) while it is writing, then checks the data file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_GUEST_TOKEN } from './env';

function startApiProcess(dataDir: string): Promise<{ child: ChildProcess; apiBaseUrl: string }> {
  // node itself with tsx's loader (not the tsx CLI, which would put a parent process between us
  // and the server, and SIGKILL would miss it).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cli.ts')], {
    env: { ...process.env, MOCK_API_PORT: '0', MOCK_DATA_DIR: dataDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`mock API did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+\/api)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, apiBaseUrl: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`mock API exited (${code}):\n${output}`)));
  });
}

function createGuest(apiBaseUrl: string, n: number): Promise<string | null> {
  return fetch(`${apiBaseUrl}/user/v2/createWebUser`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `guest${n}@example.org`, fullName: `Guest ${n}` }),
  })
    .then(async (response) =>
      response.status === 200
        ? ((await response.json()) as { data: { userId: string } }).data.userId
        : null,
    )
    .catch(() => null); // cut off by the kill: not acknowledged, so it may or may not be stored
}

describe('durability', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'grati-durability-'));
  });

  afterEach(async () => {
    child?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every write answered 200 when the process is SIGKILLed mid-write', async () => {
    const started = await startApiProcess(dataDir);
    child = started.child;
    const acknowledged: string[] = [];
    let sent = 0;
    const KILL_AFTER = 150;
    // 20 clients keep writing until the process dies, so writes are in flight when it does.
    const client = async () => {
      for (;;) {
        const n = sent++;
        const userId = await createGuest(started.apiBaseUrl, n);
        if (userId === null) return;
        acknowledged.push(userId);
        if (acknowledged.length === KILL_AFTER) {
          child!.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, client));

    const stored = JSON.parse(await readFile(path.join(dataDir, 'db.json'), 'utf8')) as {
      guests: { userId: string }[];
    };
    const storedIds = new Set(stored.guests.map((g) => g.userId));
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Some writes were cut off by the kill (sent, never answered).
    expect(sent).toBeGreaterThan(acknowledged.length);
    for (const id of acknowledged) expect(storedIds.has(id)).toBe(true);

    // And the API comes back on the same data.
    const restarted = await startApiProcess(dataDir);
    child = restarted.child;
    const response = await fetch(`${restarted.apiBaseUrl}/__db/guests`, {
      headers: { Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}` },
    });
    const guests = (await response.json()) as { userId: string }[];
    expect(guests.length).toBe(stored.guests.length);
  }, 60_000);
});
