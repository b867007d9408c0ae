// The `api` section's second part (issue 24: review + tip forms left at the card step, a
// stranger's cheap way to slow a profile): findUser's p50 on Ava with 40 such payments in her
// data and without, each load on a freshly started preview of its own, in turn.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { platformFeeCents } from '../src/api/contract/fees';
import { DATA_FILE_NAME } from '../mock-api/db/store';
import type { Db } from '../mock-api/db/types';
import type { GroupProcess } from '../scripts/serverProcess';
import { loadFindUser } from './api';
import { AUTH, PROFILE, createGuest, formOf, json, reviewFields, userNameOf } from './demo';
import { ms, times } from './format';
import type { Harness, Section } from './harness';
import { clean, type LoadFigures } from './load';

const PAYMENTS = 40;
/** How old they are made to look: past the reconciliation's age (a lookup may ask Stripe about
 * them) and past its interval, short of the day after which they are given up (once given up
 * they would cost nothing at all): the case a lookup pays the most for. */
const AGE_MINUTES = 10;
/** Each data set is loaded this many times, in turn, so drifting machine load hits both. */
const ROUNDS = 2;
const P50_RATIO = 1.5;

/** A review with a $15 tip to PROFILE, sent as the review form sends it (never paid). */
async function abandonedReviewWithTip(baseUrl: string, userName: string, index: number) {
  const api = `${baseUrl}/api`;
  const runId = `abandoned-${randomUUID().slice(0, 8)}`;
  const guest = await createGuest(
    api,
    `Bench Guest ${index + 1}`,
    `bench-${runId}-${index + 1}@example.com`,
  );
  const captcha = await json<{ token: string }>(
    await fetch(`${baseUrl}/__recaptcha/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey: 'bench' }),
    }),
  );
  const amount = 1500;
  const fee = platformFeeCents(amount, 'card');
  const kind = {
    gratitudeType: 'BOTH' as const,
    icon: 'APPRECIATION' as const,
    sayThanks: `Left at the card step ${index + 1}`,
  };
  const fields: Record<string, string> = {
    ...reviewFields(guest, { profile: PROFILE, userName }, kind),
    piDescription: 'cardToWallet',
    metadata: JSON.stringify({
      getThanksUserID: PROFILE,
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
  await json(
    await fetch(`${api}/payment/payment-intent-for-both`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': randomUUID() },
      body: formOf(fields),
    }),
  );
}

/** Sends the payments to a server on `dir`, stops it, and moves their times AGE_MINUTES back. */
async function writeAbandonedPayments(
  h: Harness,
  dir: string,
  start: (dir: string) => Promise<GroupProcess>,
) {
  const maker = await start(dir);
  try {
    const userName = await userNameOf(`${maker.baseUrl}/api`, PROFILE, false);
    await Promise.all(
      Array.from({ length: PAYMENTS }, (_, i) =>
        abandonedReviewWithTip(maker.baseUrl, userName, i),
      ),
    );
  } finally {
    await h.stop(maker);
  }
  // The server is stopped: the data file is the bench's to edit.
  const file = path.join(dir, DATA_FILE_NAME);
  const db = JSON.parse(await readFile(file, 'utf8')) as Db;
  const waiting = new Set((db.pendingGratitudes ?? []).map((p) => p.intentId));
  const createdAt = new Date(Date.now() - AGE_MINUTES * 60_000).toISOString();
  const moved = (db.payments ?? []).filter((payment) => waiting.has(payment.intentId));
  for (const payment of moved) payment.createdAt = createdAt;
  if (moved.length !== PAYMENTS)
    throw new Error(`${moved.length} review + tip payments stored, not ${PAYMENTS}`);
  await writeFile(file, JSON.stringify(db, null, 2));
}

async function dataFileState(dataDir: string) {
  const file = path.join(dataDir, DATA_FILE_NAME);
  return { mtimeMs: (await stat(file)).mtimeMs, bytes: await readFile(file) };
}

const meanP50 = (loads: LoadFigures[]) =>
  loads.reduce((sum, load) => sum + load.latencyP50Ms, 0) / loads.length;

/** findUser on PROFILE without them (the seed) and with them, ROUNDS times in turn. */
async function abandonedPaymentsLoad(h: Harness) {
  const withoutDir = path.join(h.tmp, 'abandoned-data', 'without');
  const withDir = path.join(h.tmp, 'abandoned-data', 'with');
  await mkdir(withoutDir, { recursive: true });
  let starts = 0;
  const start = (dir: string) => h.startPreview(dir, `preview-abandoned-${(starts += 1)}`);
  await writeAbandonedPayments(h, withDir, start);
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
      await h.stop(server);
    }
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    await measure(withoutDir, without);
    await measure(withDir, withThem);
  }
  const [withoutP50Ms, withP50Ms] = [meanP50(without), meanP50(withThem)];
  return {
    profile: PROFILE,
    payments: PAYMENTS,
    ageMinutes: AGE_MINUTES,
    rounds: ROUNDS,
    without,
    with: withThem,
    withoutP50Ms,
    withP50Ms,
    /** The p50s' mean with them over the mean without them. */
    p50Ratio: withP50Ms / withoutP50Ms,
    /** db.json kept its mtime and bytes through every load with them. */
    dataFileUntouched,
  };
}

export const abandonedSection: Section = {
  name: 'api',
  async run(h) {
    const a = await h.step(
      `findUser with ${PAYMENTS} abandoned review + tip payments, and without`,
      async () => {
        const report = await abandonedPaymentsLoad(h);
        const p50s = (loads: LoadFigures[]) => loads.map((l) => ms(l.latencyP50Ms)).join(', ');
        h.log(
          `  p50 with them ${p50s(report.with)}, without ${p50s(report.without)} (${times(report.p50Ratio)}); data file untouched: ${report.dataFileUntouched}`,
        );
        return report;
      },
    );
    if (!a) return { results: {}, figures: [] };
    const first = a.with[0];
    return {
      results: { api: { abandoned: a } },
      figures: [
        {
          group: `API findUser, ${a.payments} abandoned review + tip payments (${a.ageMinutes} min old)`,
          figures: [
            {
              name: 'p50 with them / without',
              value: a.p50Ratio,
              unit: times,
              target: { atMost: P50_RATIO, when: [...a.with, ...a.without].every(clean) },
              note: `${ms(a.withP50Ms)} / ${ms(a.withoutP50Ms)}: means of ${a.rounds} loads each, in turn, ${first?.connections ?? '?'} connections, ${first?.durationSeconds ?? '?'} s, each on a fresh server`,
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
