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

async function servedGuestIds(apiBaseUrl: string): Promise<string[]> {
  const response = await fetch(`${apiBaseUrl}/__db/guests`, {
    headers: { Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { userId: string }[]).map((g) => g.userId);
}

function missingFrom(ids: string[], acknowledged: string[]): string[] {
  const present = new Set(ids);
  return acknowledged.filter((id) => !present.has(id));
}

/** The guest ids in the data file (which must parse). */
async function storedGuestIds(dataDir: string): Promise<string[]> {
  const stored = JSON.parse(await readFile(path.join(dataDir, 'db.json'), 'utf8')) as {
    guests: { userId: string }[];
  };
  return stored.guests.map((g) => g.userId);
}

let dataDir: string;
let child: ChildProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-durability-'));
});

afterEach(async () => {
  child?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps every write answered 200 when the process is SIGKILLed during 200 concurrent writes', async () => {
  // The kill comes once KILL_AFTER writes are answered, with about WRITERS more in flight.
  const WRITERS = 200;
  const KILL_AFTER = 300;
  const ROUNDS = 3;
  const acknowledged: string[] = [];
  let sent = 0;

  for (let round = 1; round <= ROUNDS; round += 1) {
    const started = await startApiProcess(dataDir);
    child = started.child;
    // The restarted API serves every write answered before the last kill.
    expect(missingFrom(await servedGuestIds(started.apiBaseUrl), acknowledged)).toEqual([]);

    const sentBefore = sent;
    const acknowledgedBefore = acknowledged.length;
    let inFlight = 0;
    let inFlightAtKill = 0;
    const client = async () => {
      for (;;) {
        const n = sent++;
        inFlight += 1;
        const userId = await createGuest(started.apiBaseUrl, n);
        inFlight -= 1;
        if (userId === null) return;
        acknowledged.push(userId);
        if (acknowledged.length - acknowledgedBefore === KILL_AFTER) {
          inFlightAtKill = inFlight;
          started.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, client));

    // The kill landed while most writers waited, and cut some writes off (sent, never answered).
    expect(acknowledged.length - acknowledgedBefore).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(inFlightAtKill).toBeGreaterThanOrEqual(WRITERS / 2);
    expect(sent - sentBefore).toBeGreaterThan(acknowledged.length - acknowledgedBefore);

    // The data file parses and holds every write that was answered 200.
    expect(missingFrom(await storedGuestIds(dataDir), acknowledged)).toEqual([]);
  }
  expect(new Set(acknowledged).size).toBe(acknowledged.length);

  // And the API comes back on the same data.
  const stored = await storedGuestIds(dataDir);
  const restarted = await startApiProcess(dataDir);
  child = restarted.child;
  const served = await servedGuestIds(restarted.apiBaseUrl);
  expect(served.length).toBe(stored.length);
  expect(missingFrom(served, acknowledged)).toEqual([]);
}, 60_000);
