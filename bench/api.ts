// The `api` section, on the shared preview (after Lighthouse: the recognitions add to Ava's feed):
// autocannon at 100 connections on findUser and the gallery, then 200 recognitions sent at once
// (each by its own guest, with its own Idempotency-Key), read back from the data file: all
// stored, none twice. A replay of the same 200 must store nothing more. The abandoned payments
// (bench/abandoned.ts) follow on servers of their own.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GRATITUDE_ICONS } from '../src/api/contract/types';
import { DATA_FILE_NAME } from '../mock-api/db/store';
import type { Db } from '../mock-api/db/types';
import { AUTH, PROFILE, createGuest, findUserBody, formOf, reviewFields, userNameOf } from './demo';
import { ms } from './format';
import type { Section } from './harness';
import { cannon, clean, failures, type LoadFigures } from './load';
import type { FigureGroup } from './reporter';

const LOAD = { connections: 100, duration: 10, warmup: { connections: 10, duration: 2 } };
const RECOGNITIONS = 200;
const API_P99_MS = 50;

/** findUser as the profile page sends it, under LOAD (also bench/abandoned.ts). */
export const loadFindUser = (baseUrl: string) =>
  cannon('findUser', {
    url: `${baseUrl}/api/gratitude/findUser`,
    ...LOAD,
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(findUserBody(PROFILE)),
  });

const loadGallery = (baseUrl: string) =>
  cannon('fetchUserGallery', {
    url: `${baseUrl}/api/user/v2/fetchUserGallery?pageNo=1&limit=20&userId=${PROFILE}`,
    ...LOAD,
    method: 'GET',
    headers: AUTH,
  });

type Recognition = { key: string; text: string; fields: Record<string, string> };

/** One recognition sent (the fields of recognitionForm, text only): its status and id. */
async function send(baseUrl: string, recognition: Recognition) {
  const answer = { status: 'network error' as number | string, id: null as string | null };
  let replayed = false;
  try {
    const response = await fetch(`${baseUrl}/api/gratitude/create-gratitude`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': recognition.key },
      body: formOf(recognition.fields),
    });
    const text = await response.text();
    answer.status = response.status;
    replayed = response.headers.get('Idempotent-Replayed') === 'true';
    answer.id = (JSON.parse(text) as { data?: { data?: { id?: string } } }).data?.data?.id ?? null;
  } catch {
    // a network error, or an answer that is not JSON (counted by its status)
  }
  return { ...answer, replayed };
}

/** All of them at once; `failures`: the count of each answer that was not a 200. */
async function wave(baseUrl: string, recognitions: Recognition[]) {
  const answers = await Promise.all(recognitions.map((r) => send(baseUrl, r)));
  const failures: Record<string, number> = {};
  for (const { status } of answers) {
    if (status !== 200) failures[status] = (failures[status] ?? 0) + 1;
  }
  const figures = { answered200: answers.filter((a) => a.status === 200).length, failures };
  return { answers, figures };
}

/** Texts found in the data file's feed for the profile exactly once, more, or not at all. */
async function storedCounts(dataDir: string, texts: readonly string[]) {
  const db = JSON.parse(await readFile(path.join(dataDir, DATA_FILE_NAME), 'utf8')) as Db;
  const counts = new Map<string, number>(texts.map((text) => [text, 0]));
  for (const item of db.feed) {
    const seen = counts.get(item.sayThanks);
    if (seen !== undefined && item.userId === PROFILE) counts.set(item.sayThanks, seen + 1);
  }
  const values = [...counts.values()];
  return {
    ids: new Set(db.feed.map((item) => item.id)),
    once: values.filter((n) => n === 1).length,
    twiceOrMore: values.filter((n) => n > 1).length,
    missing: values.filter((n) => n === 0).length,
  };
}

async function recognitionsAtOnce(baseUrl: string, dataDir: string) {
  const api = `${baseUrl}/api`;
  const runId = randomUUID().slice(0, 8);
  const to = { profile: PROFILE, userName: await userNameOf(api, PROFILE) };
  const guests = await Promise.all(
    Array.from({ length: RECOGNITIONS }, (_, i) =>
      createGuest(api, `Bench Guest ${i + 1}`, `bench-${runId}-${i + 1}@example.com`),
    ),
  );
  const recognitions = guests.map((guest, index) => {
    const icon = GRATITUDE_ICONS[index % GRATITUDE_ICONS.length]!;
    const text = `Bench ${runId} recognition ${index + 1}: thank you for the help this week.`;
    const kind = { gratitudeType: 'REVIEW' as const, icon, sayThanks: text };
    return { key: randomUUID(), text, fields: reviewFields(guest, to, kind) };
  });
  const texts = recognitions.map((r) => r.text);
  const first = await wave(baseUrl, recognitions);
  const stored = await storedCounts(dataDir, texts);
  const answeredIds = first.answers.flatMap((a) => (a.status === 200 && a.id ? [a.id] : []));
  // The same 200 requests again (same keys): each must replay its answer, storing nothing.
  const replay = await wave(baseUrl, recognitions);
  const afterReplay = await storedCounts(dataDir, texts);
  return {
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

function recognitionFigures(r: Awaited<ReturnType<typeof recognitionsAtOnce>>): FigureGroup {
  const other = Object.keys(r.first.failures).length > 0;
  const noneTwice = `${RECOGNITIONS}, none twice`;
  const allOnce = (once: number, more: number) => once === RECOGNITIONS && more === 0;
  return {
    group: `API ${RECOGNITIONS} recognitions at once`,
    figures: [
      {
        name: 'answered 200',
        value: r.first.answered200,
        target: { is: RECOGNITIONS },
        note: other ? `other answers: ${JSON.stringify(r.first.failures)}` : undefined,
      },
      {
        name: 'stored exactly once (read from db.json)',
        value: r.storedOnce,
        target: {
          text: noneTwice,
          met: allOnce(r.storedOnce, r.storedTwiceOrMore) && r.answeredIdsMissing === 0,
        },
        note: `twice or more: ${r.storedTwiceOrMore}, missing: ${r.missing}, answered ids not stored: ${r.answeredIdsMissing}`,
      },
      {
        name: 'after replaying all 200 (same keys): stored once',
        value: r.storedOnceAfterReplay,
        target: {
          text: noneTwice,
          met: allOnce(r.storedOnceAfterReplay, r.storedTwiceOrMoreAfterReplay),
        },
        note: `twice or more: ${r.storedTwiceOrMoreAfterReplay}; replays answered 200: ${r.replay.answered200}, with the first id: ${r.replay.sameId}, marked Idempotent-Replayed: ${r.replay.replayedHeader}`,
      },
    ],
  };
}

/** A load's figures; its p99 counts only when no request failed. */
const loadGroup = (load: LoadFigures): FigureGroup => ({
  group: `API ${load.name}, ${load.connections} connections, ${load.durationSeconds} s`,
  figures: [
    { name: 'requests per second', value: load.requestsPerSecond },
    { name: 'latency p50', value: load.latencyP50Ms, unit: ms },
    {
      name: 'latency p99',
      value: load.latencyP99Ms,
      unit: ms,
      target: { atMost: API_P99_MS, when: clean(load) },
    },
    {
      name: 'non-2xx / errors / timeouts',
      value: failures(load),
      target: { text: '0 / 0 / 0', met: clean(load) },
    },
  ],
});

export const apiSection: Section = {
  name: 'api',
  sharedPreview: true,
  async run(h) {
    const { server, dataDir } = await h.sharedPreview();
    const load: LoadFigures[] = [];
    await h.step(
      `API load (autocannon, ${LOAD.connections} connections, ${LOAD.duration} s each)`,
      async () => {
        for (const run of [loadFindUser, loadGallery]) {
          h.assertAlive(server);
          load.push(await run(server.baseUrl));
        }
      },
    );
    const recognitions = await h.step(`${RECOGNITIONS} recognitions at once`, async () => {
      h.assertAlive(server);
      return recognitionsAtOnce(server.baseUrl, dataDir);
    });
    return {
      results: { api: { load, recognitions } },
      figures: [
        ...load.map(loadGroup),
        ...(recognitions ? [recognitionFigures(recognitions)] : []),
      ],
    };
  },
};
