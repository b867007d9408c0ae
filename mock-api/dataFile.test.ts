// The mock API as its operator starts it (`npm run mock-api`) on a damaged data file: it refuses
// to start, says what is wrong in one message (no stack trace), and leaves the file as it was.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  confirmWithCard,
  createGuest,
  eventually,
  openMockApi,
  sendReviewWithTip,
} from './routes/payments/testing';
import { DATA_FILE_NAME, EMULATORS_KEY } from './db/store';
import { dataFileProblems } from './db/dataShape';

/** A machine several times slower than an idle one still starts (or refuses) within this. */
const START_TIMEOUT_MS = 60_000;

let paidDir: string;
let saved: Record<string, unknown>;
const folders: string[] = [];

const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'grati-data-file-'));
  folders.push(dir);
  return dir;
};

// A real data folder: the mock API in-process, a guest who sends a review with a card tip and
// pays it, so the file holds payments and the Stripe emulator's state as a demo's does.
beforeAll(async () => {
  paidDir = await tempDir();
  const api = await openMockApi(paidDir, `jest-${randomUUID()}`);
  try {
    const guestId = await createGuest(api, 'Jamie Guest');
    const secret = await sendReviewWithTip(api, guestId, 'Thanks for the data file test!');
    expect((await confirmWithCard(api, secret)).body.status).toBe('succeeded');
    await eventually(
      () => api.store.db.payments?.some((payment) => payment.status === 'succeeded') ?? false,
      'the payment stored as succeeded',
    );
  } finally {
    await api.close();
  }
  saved = JSON.parse(await readFile(path.join(paidDir, DATA_FILE_NAME), 'utf8')) as typeof saved;
  expect(saved.payments).toHaveLength(1);
  expect(saved[EMULATORS_KEY]).toMatchObject({ stripe: { paymentIntents: expect.any(Object) } });
}, START_TIMEOUT_MS);

afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

/** `npm run mock-api` (node with tsx's loader, as the script runs it) on `dataDir`. */
function runMockApi(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cli.ts')], {
    env: { ...process.env, MOCK_API_PORT: '0', MOCK_DATA_DIR: dataDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the mock API neither refused nor exited:\n${output}${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const without = (key: string) => (data: Record<string, unknown>) => {
  const { [key]: _gone, ...rest } = data;
  return JSON.stringify(rest, null, 2);
};

it('opens as the mock API wrote it: every record as the routes store it', () => {
  expect(dataFileProblems(saved)).toEqual([]);
});

describe('a damaged data file', () => {
  it.each([
    [
      '__emulators missing while payments exist',
      without(EMULATORS_KEY),
      /__emulators is missing, but the file holds 1 payment\b.*Stripe state would be lost/,
    ],
    [
      '__emulators a string',
      (data: Record<string, unknown>) => JSON.stringify({ ...data, [EMULATORS_KEY]: 'stripe' }),
      /__emulators must be an object, not a string/,
    ],
    [
      'payments an object',
      (data: Record<string, unknown>) => JSON.stringify({ ...data, payments: {} }),
      /payments must be a list, not an object/,
    ],
    [
      'a truncated file',
      (data: Record<string, unknown>) => {
        const whole = JSON.stringify(data, null, 2);
        return whole.slice(0, Math.floor(whole.length / 2));
      },
      /not valid JSON/,
    ],
  ])(
    'with %s: the mock API exits non-zero naming the problem, the file unchanged',
    async (_name, damage, problem) => {
      const dataDir = await tempDir();
      await cp(paidDir, dataDir, { recursive: true });
      const dataFile = path.join(dataDir, DATA_FILE_NAME);
      await writeFile(dataFile, damage(saved));
      const bytes = await readFile(dataFile);
      const names = (await readdir(dataDir, { recursive: true })).sort();

      const { code, stderr } = await runMockApi(dataDir);

      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stderr).toMatch(problem);
      expect(stderr).toContain(dataFile);
      expect(stderr).toContain('npm run mock-api:reset');
      expect(stderr).not.toContain('    at ');
      expect((await readFile(dataFile)).equals(bytes)).toBe(true);
      expect((await readdir(dataDir, { recursive: true })).sort()).toEqual(names);
    },
    2 * START_TIMEOUT_MS,
  );
});
