// The mock API under load: autocannon at 100 connections on findUser and the gallery, then 200
// recognitions sent at once (each by its own guest, with its own Idempotency-Key), read back
// from the data file: all stored, none twice. A replay of the same 200 must store nothing more.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { platformFeeCents } from '../src/api/contract/fees';
import { GRATITUDE_ICONS, type GratitudeIcon } from '../src/api/contract/types';
import { reviewTitle } from '../src/features/gratitude/reviewTitle';
import { DATA_FILE_NAME } from '../mock-api/db/store';
import type { Db } from '../mock-api/db/types';
import { DEFAULT_GUEST_TOKEN } from '../mock-api/env';
import { median } from './stats';

export const LOAD_CONNECTIONS = 100;
export const LOAD_SECONDS = 10;
export const RECOGNITIONS = 200;
export const API_PROFILE = 'ava-martinez';

const AUTH = { Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}` };

export interface LoadFigures {
  name: string;
  method: string;
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP90Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function load(
  name: string,
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    ...options,
    warmup: { connections: 10, duration: 2 },
  });
  return { name, method: options.method, url, ...cannonFigures(result) };
}

/** What every load report takes from an autocannon result. */
/** How many answers autocannon saw of each HTTP status. */
export function statusCounts(result: autocannon.Result): Record<string, number> {
  return Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
}

export function cannonFigures(result: autocannon.Result) {
  return {
    connections: result.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP90Ms: result.latency.p90,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    totalRequests: result.latency.totalCount,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function loadFindUser(baseUrl: string): Promise<LoadFigures> {
  return load('findUser', `${baseUrl}/api/gratitude/findUser`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify({ _id: API_PROFILE, profilePage: true }),
  });
}

export function loadGallery(baseUrl: string): Promise<LoadFigures> {
  return load(
    'fetchUserGallery',
    `${baseUrl}/api/user/v2/fetchUserGallery?pageNo=1&limit=20&userId=${API_PROFILE}`,
    { method: 'GET', headers: AUTH },
  );
}

export interface RecognitionWave {
  sent: number;
  answered200: number;
  /** Status code (or "network error") -> count, for every answer that was not a 200. */
  failures: Record<string, number>;
  latencyP50Ms: number;
  latencyMaxMs: number;
  wallMs: number;
}

export interface RecognitionReport {
  profile: string;
  first: RecognitionWave;
  /** Texts found in the data file exactly once / more than once / not at all. */
  storedOnce: number;
  storedTwiceOrMore: number;
  missing: number;
  /** Answered ids that are not in the feed. */
  answeredIdsMissing: number;
  /** The same 200 requests again (same keys): each must replay its answer, storing nothing. */
  replay: RecognitionWave & { replayedHeader: number; sameId: number };
  storedOnceAfterReplay: number;
  storedTwiceOrMoreAfterReplay: number;
}

interface Recognition {
  key: string;
  text: string;
  fields: Record<string, string>;
}

interface Answer {
  status: number | 'network error';
  id: string | null;
  replayed: boolean;
  ms: number;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function createGuest(baseUrl: string, runId: string, index: number) {
  const fullName = `Bench Guest ${index + 1}`;
  const email = `bench-${runId}-${index + 1}@example.com`;
  const body = await json<{ data: { userId: string } }>(
    await fetch(`${baseUrl}/api/user/v2/createWebUser`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName, email }),
    }),
  );
  return { userId: body.data.userId, fullName, email };
}

type BenchGuest = Awaited<ReturnType<typeof createGuest>>;

/** A guest's review to API_PROFILE, as the review form sends it; a tip adds its own fields. */
function reviewFields(
  guest: BenchGuest,
  kind: { gratitudeType: 'REVIEW' | 'BOTH'; icon: GratitudeIcon; sayThanks: string },
  userName: string,
): Record<string, string> {
  return {
    gratitudeType: kind.gratitudeType,
    icon: kind.icon,
    title: reviewTitle(guest.fullName, kind.icon, userName),
    sayThanks: kind.sayThanks,
    accountType: 'Guest',
    guestName: guest.fullName,
    email: guest.email,
    latitude: '0',
    longitude: '0',
    getThanksUserId: API_PROFILE,
    userId: guest.userId,
    ngoId: '',
    isRecurring: 'false',
    isDonate: 'false',
  };
}

async function send(baseUrl: string, recognition: Recognition): Promise<Answer> {
  // The fields of recognitionForm (src/features/gratitude/gratitudeApi.ts), text only.
  const form = new FormData();
  for (const [name, value] of Object.entries(recognition.fields)) form.append(name, value);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/gratitude/create-gratitude`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': recognition.key },
      body: form,
    });
    const text = await response.text();
    let id: string | null = null;
    try {
      id = (JSON.parse(text) as { data?: { data?: { id?: string } } }).data?.data?.id ?? null;
    } catch {
      // not JSON: counted by its status
    }
    return {
      status: response.status,
      id,
      replayed: response.headers.get('Idempotent-Replayed') === 'true',
      ms: performance.now() - started,
    };
  } catch {
    return { status: 'network error', id: null, replayed: false, ms: performance.now() - started };
  }
}

async function wave(baseUrl: string, recognitions: Recognition[]) {
  const started = performance.now();
  const answers = await Promise.all(recognitions.map((r) => send(baseUrl, r)));
  const wallMs = performance.now() - started;
  const failures: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status !== 200) failures[answer.status] = (failures[answer.status] ?? 0) + 1;
  }
  const figures: RecognitionWave = {
    sent: recognitions.length,
    answered200: answers.filter((a) => a.status === 200).length,
    failures,
    latencyP50Ms: median(answers.map((a) => a.ms)),
    latencyMaxMs: Math.max(...answers.map((a) => a.ms)),
    wallMs,
  };
  return { answers, figures };
}

async function storedCounts(dataDir: string, texts: readonly string[]) {
  const db = JSON.parse(await readFile(path.join(dataDir, DATA_FILE_NAME), 'utf8')) as Db;
  const counts = new Map<string, number>(texts.map((text) => [text, 0]));
  for (const item of db.feed) {
    const seen = counts.get(item.sayThanks);
    if (seen !== undefined && item.userId === API_PROFILE) counts.set(item.sayThanks, seen + 1);
  }
  const values = [...counts.values()];
  return {
    ids: new Set(db.feed.map((item) => item.id)),
    once: values.filter((n) => n === 1).length,
    twiceOrMore: values.filter((n) => n > 1).length,
    missing: values.filter((n) => n === 0).length,
  };
}

export async function recognitionsAtOnce(
  baseUrl: string,
  dataDir: string,
): Promise<RecognitionReport> {
  const runId = randomUUID().slice(0, 8);
  const profile = await json<{ data: { data: { userDetails: { userName: string } } } }>(
    await fetch(`${baseUrl}/api/gratitude/findUser`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({ _id: API_PROFILE, profilePage: true }),
    }),
  );
  const { userName } = profile.data.data.userDetails;
  const guests = await Promise.all(
    Array.from({ length: RECOGNITIONS }, (_, index) => createGuest(baseUrl, runId, index)),
  );
  const recognitions: Recognition[] = guests.map((guest, index) => {
    const icon = GRATITUDE_ICONS[index % GRATITUDE_ICONS.length]!;
    const text = `Bench ${runId} recognition ${index + 1}: thank you for the help this week.`;
    return {
      key: randomUUID(),
      text,
      fields: reviewFields(guest, { gratitudeType: 'REVIEW', icon, sayThanks: text }, userName),
    };
  });
  const texts = recognitions.map((r) => r.text);

  const first = await wave(baseUrl, recognitions);
  const stored = await storedCounts(dataDir, texts);
  const answeredIds = first.answers.flatMap((a) => (a.status === 200 && a.id ? [a.id] : []));

  const replay = await wave(baseUrl, recognitions);
  const afterReplay = await storedCounts(dataDir, texts);
  return {
    profile: API_PROFILE,
    first: first.figures,
    storedOnce: stored.once,
    storedTwiceOrMore: stored.twiceOrMore,
    missing: stored.missing,
    answeredIdsMissing: answeredIds.filter((id) => !stored.ids.has(id)).length,
    replay: {
      ...replay.figures,
      replayedHeader: replay.answers.filter((a) => a.replayed).length,
      sameId: replay.answers.filter((a, i) => a.id !== null && a.id === first.answers[i]?.id)
        .length,
    },
    storedOnceAfterReplay: afterReplay.once,
    storedTwiceOrMoreAfterReplay: afterReplay.twiceOrMore,
  };
}

/** Review + tip forms left at the card step (issue 24: a stranger's cheap way to slow a profile). */
export const ABANDONED_PAYMENTS = 40;
/**
 * How old they are made to look: past the reconciliation's age (a lookup may ask Stripe about
 * them) and past its interval, short of the day after which they are given up (once given up
 * they would cost nothing at all): the case a lookup pays the most for.
 */
export const ABANDONED_AGE_MINUTES = 10;

/** Each data set is loaded this many times, in turn, so drifting machine load hits both. */
export const ABANDONED_ROUNDS = 2;

export interface AbandonedReport {
  profile: string;
  payments: number;
  ageMinutes: number;
  rounds: number;
  /** findUser on the profile in the data without them, each round on a freshly started server. */
  without: LoadFigures[];
  /** findUser on the same profile in the data with them, each round on a freshly started server. */
  with: LoadFigures[];
  /** The p50s' mean with them over the mean without them. */
  p50Ratio: number;
  withP50Ms: number;
  withoutP50Ms: number;
  /** db.json kept its mtime and bytes through every load with them. */
  dataFileUntouched: boolean;
}

/** A review with a $15 tip to API_PROFILE, sent as the review form sends it (never paid). */
async function abandonedReviewWithTip(baseUrl: string, userName: string, index: number) {
  const guest = await createGuest(baseUrl, `abandoned-${randomUUID().slice(0, 8)}`, index);
  const captcha = await json<{ token: string }>(
    await fetch(`${baseUrl}/__recaptcha/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey: 'bench' }),
    }),
  );
  const amount = 1500;
  const fee = platformFeeCents(amount, 'card');
  const fields: Record<string, string> = {
    ...reviewFields(
      guest,
      {
        gratitudeType: 'BOTH',
        icon: 'APPRECIATION',
        sayThanks: `Left at the card step ${index + 1}`,
      },
      userName,
    ),
    piDescription: 'cardToWallet',
    metadata: JSON.stringify({
      getThanksUserID: API_PROFILE,
      title: `Tip to ${userName}`,
      guestName: guest.fullName,
      userName,
      email: guest.email,
      amountAfterFee: amount + fee,
    }),
    platformFeeForWallet: String(fee),
    amount: String(amount),
    paymentMethodType: 'card',
    userName,
    captchaToken: captcha.token,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  await json(
    await fetch(`${baseUrl}/api/payment/payment-intent-for-both`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': randomUUID() },
      body: form,
    }),
  );
}

async function dataFileState(dataDir: string) {
  const file = path.join(dataDir, DATA_FILE_NAME);
  return { mtimeMs: (await stat(file)).mtimeMs, bytes: await readFile(file) };
}

const meanP50 = (loads: LoadFigures[]) =>
  loads.reduce((sum, load) => sum + load.latencyP50Ms, 0) / loads.length;

/**
 * findUser's p50 on API_PROFILE in two data folders: `without` (the seed) and `with`, where
 * ABANDONED_PAYMENTS review + tip payments were left unpaid and then made ABANDONED_AGE_MINUTES
 * old (sent to a server, the server stopped, their times moved back in its data file). Each load
 * runs on a freshly started server, without and with in turn, ABANDONED_ROUNDS times.
 */
export async function abandonedPaymentsLoad(
  dataDir: string,
  start: (dataDir: string) => Promise<{ baseUrl: string; stop: () => Promise<void> }>,
): Promise<AbandonedReport> {
  const withoutDir = path.join(dataDir, 'without');
  const withDir = path.join(dataDir, 'with');
  const maker = await start(withDir);
  try {
    const profile = await json<{ data: { data: { userDetails: { userName: string } } } }>(
      await fetch(`${maker.baseUrl}/api/gratitude/findUser`, {
        method: 'POST',
        headers: { ...AUTH, 'Content-Type': 'application/json' },
        body: JSON.stringify({ _id: API_PROFILE }),
      }),
    );
    const { userName } = profile.data.data.userDetails;
    await Promise.all(
      Array.from({ length: ABANDONED_PAYMENTS }, (_, index) =>
        abandonedReviewWithTip(maker.baseUrl, userName, index),
      ),
    );
  } finally {
    await maker.stop();
  }

  // The server is stopped: the data file is the bench's to edit.
  const file = path.join(withDir, DATA_FILE_NAME);
  const db = JSON.parse(await readFile(file, 'utf8')) as Db;
  const waiting = new Set((db.pendingGratitudes ?? []).map((p) => p.intentId));
  const createdAt = new Date(Date.now() - ABANDONED_AGE_MINUTES * 60_000).toISOString();
  let moved = 0;
  for (const payment of db.payments ?? []) {
    if (!waiting.has(payment.intentId)) continue;
    payment.createdAt = createdAt;
    moved += 1;
  }
  if (moved !== ABANDONED_PAYMENTS) {
    throw new Error(`${moved} review + tip payments stored, not ${ABANDONED_PAYMENTS}`);
  }
  await writeFile(file, JSON.stringify(db, null, 2));

  const without: LoadFigures[] = [];
  const withThem: LoadFigures[] = [];
  let dataFileUntouched = true;
  const measure = async (dir: string, into: LoadFigures[]) => {
    const server = await start(dir);
    try {
      const before = await dataFileState(dir);
      into.push(await loadFindUser(server.baseUrl));
      const after = await dataFileState(dir);
      if (dir === withDir) {
        dataFileUntouched &&= before.mtimeMs === after.mtimeMs && before.bytes.equals(after.bytes);
      }
    } finally {
      await server.stop();
    }
  };
  await mkdir(withoutDir, { recursive: true });
  for (let round = 0; round < ABANDONED_ROUNDS; round += 1) {
    await measure(withoutDir, without);
    await measure(withDir, withThem);
  }
  const withoutP50Ms = meanP50(without);
  const withP50Ms = meanP50(withThem);
  return {
    profile: API_PROFILE,
    payments: ABANDONED_PAYMENTS,
    ageMinutes: ABANDONED_AGE_MINUTES,
    rounds: ABANDONED_ROUNDS,
    without,
    with: withThem,
    withoutP50Ms,
    withP50Ms,
    p50Ratio: withP50Ms / withoutP50Ms,
    dataFileUntouched,
  };
}
