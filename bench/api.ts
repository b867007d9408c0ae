// The mock API under load: autocannon at 100 connections on findUser and the gallery, then 200
// recognitions sent at once (each by its own guest, with its own Idempotency-Key), read back
// from the data file: all stored, none twice. A replay of the same 200 must store nothing more.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { GRATITUDE_ICONS } from '../src/api/contract/types';
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
      fields: {
        gratitudeType: 'REVIEW',
        icon,
        title: reviewTitle(guest.fullName, icon, userName),
        sayThanks: text,
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
      },
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
