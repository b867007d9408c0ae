// The `api` section's second part (issue 24: review + tip forms left at the card step, a
// stranger's cheap way to slow a profile): findUser's p50 on Ava with 40 such payments in her
// data and without, each load on a freshly started preview of its own, in turn.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { paymentFormFields, paymentIntentBody } from '../src/api/contract/intentBody';
import { DATA_FILE_NAME } from '../mock-api/db/store';
import type { Db } from '../mock-api/db/types';
import { loadFindUser } from './api';
import { AUTH, PROFILE, createGuest, formOf, json, reviewFields, userNameOf } from './demo';
import { ms, times } from './format';
import type { Harness, Section } from './harness';
import { clean, type LoadFigures } from './load';

const PAYMENTS = 40;
/** Past the reconciliation's age and interval (a lookup may ask Stripe about them), short of the
 * day after which they are given up (then they cost nothing): what a lookup pays the most for. */
const AGE_MINUTES = 10;
/** Each data set is loaded this many times, in turn, so drifting machine load hits both. */
const ROUNDS = 2;
const P50_RATIO = 1.5;

/** A review with a $15 tip to PROFILE, sent as the review form sends it (never paid). */
async function abandonedReviewWithTip(baseUrl: string, userName: string, index: number) {
  const api = `${baseUrl}/api`;
  const email = `bench-abandoned-${randomUUID().slice(0, 8)}-${index + 1}@example.com`;
  const guest = await createGuest(api, `Bench Guest ${index + 1}`, email);
  const captcha = await json<{ token: string }>(
    await fetch(`${baseUrl}/__recaptcha/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey: 'bench' }),
    }),
  );
  const sayThanks = `Left at the card step ${index + 1}`;
  const kind = { gratitudeType: 'BOTH' as const, icon: 'APPRECIATION' as const, sayThanks };
  const profile = { _id: PROFILE, userName, businessType: 'PERSON' as const };
  const body = paymentIntentBody({
    profile,
    payer: guest,
    amountCents: 1500,
    method: 'card',
    captchaToken: captcha.token,
  });
  const fields = {
    ...reviewFields(guest, { profile: PROFILE, userName }, kind),
    ...paymentFormFields(body),
  };
  await json(
    await fetch(`${api}/payment/payment-intent-for-both`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': randomUUID() },
      body: formOf(fields),
    }),
  );
}

/** findUser on PROFILE without them (the seed) and with them, ROUNDS times in turn. */
async function abandonedPaymentsLoad(h: Harness) {
  const withoutDir = path.join(h.tmp, 'abandoned-data', 'without');
  const withDir = path.join(h.tmp, 'abandoned-data', 'with');
  let starts = 0;
  const start = (dir: string) => h.startPreview(dir, `preview-abandoned-${(starts += 1)}`);
  const onServer = async <T>(dir: string, work: (baseUrl: string) => Promise<T>) => {
    const server = await start(dir);
    try {
      return await work(server.baseUrl);
    } finally {
      await h.stop(server);
    }
  };
  await mkdir(withoutDir, { recursive: true });
  await onServer(withDir, async (baseUrl) => {
    const userName = await userNameOf(`${baseUrl}/api`, PROFILE, false);
    const send = (_: unknown, i: number) => abandonedReviewWithTip(baseUrl, userName, i);
    await Promise.all(Array.from({ length: PAYMENTS }, send));
  });
  // The server is stopped: the data file is the bench's to edit, their times moved back.
  const file = path.join(withDir, DATA_FILE_NAME);
  const db = JSON.parse(await readFile(file, 'utf8')) as Db;
  const waiting = new Set((db.pendingGratitudes ?? []).map((p) => p.intentId));
  const moved = (db.payments ?? []).filter((payment) => waiting.has(payment.intentId));
  const createdAt = new Date(Date.now() - AGE_MINUTES * 60_000).toISOString();
  for (const payment of moved) payment.createdAt = createdAt;
  if (moved.length !== PAYMENTS)
    throw new Error(`${moved.length} payments stored, not ${PAYMENTS}`);
  await writeFile(file, JSON.stringify(db, null, 2));
  const state = async () => ({ mtimeMs: (await stat(file)).mtimeMs, bytes: await readFile(file) });
  const without: LoadFigures[] = [];
  const withThem: LoadFigures[] = [];
  let dataFileUntouched = true;
  for (let round = 0; round < ROUNDS; round += 1) {
    without.push(await onServer(withoutDir, loadFindUser));
    await onServer(withDir, async (baseUrl) => {
      const before = await state();
      withThem.push(await loadFindUser(baseUrl));
      const after = await state();
      dataFileUntouched &&= before.mtimeMs === after.mtimeMs && before.bytes.equals(after.bytes);
    });
  }
  const meanP50 = (loads: LoadFigures[]) =>
    loads.reduce((sum, load) => sum + load.latencyP50Ms, 0) / loads.length;
  const [withoutP50Ms, withP50Ms] = [meanP50(without), meanP50(withThem)];
  /** p50Ratio: the p50s' mean with them over the mean without; the data file kept its mtime and
   * bytes through every load with them. */
  return {
    without,
    with: withThem,
    withoutP50Ms,
    withP50Ms,
    p50Ratio: withP50Ms / withoutP50Ms,
    dataFileUntouched,
  };
}

export const abandonedSection: Section = {
  name: 'api',
  async run(h) {
    const name = `findUser with ${PAYMENTS} abandoned review + tip payments, and without`;
    const a = await h.step(name, () => abandonedPaymentsLoad(h));
    if (!a) return { results: {}, figures: [] };
    const first = a.with[0];
    const group = `API findUser, ${PAYMENTS} abandoned review + tip payments (${AGE_MINUTES} min old)`;
    return {
      results: { abandoned: a },
      figures: [
        {
          group,
          figures: [
            {
              name: 'p50 with them / without',
              value: a.p50Ratio,
              unit: times,
              target: { atMost: P50_RATIO, when: [...a.with, ...a.without].every(clean) },
              note: `${ms(a.withP50Ms)} / ${ms(a.withoutP50Ms)}: means of ${ROUNDS} loads each, in turn, ${first?.connections ?? '?'} connections, ${first?.durationSeconds ?? '?'} s, each on a fresh server`,
            },
            {
              name: 'data file written by the lookups',
              value: a.dataFileUntouched ? 'no' : 'yes',
              target: { text: 'no', met: a.dataFileUntouched },
            },
          ],
        },
      ],
    };
  },
};
