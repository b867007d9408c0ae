// What the mock API's data views hold per draft: payments by guest name, reviews by words.
import { expect, GUEST_TOKEN } from '../fixtures';
import type { PaymentRow } from '../journeyData';
import { operatorHeaders, paymentsOf } from '../payment-helpers';
import type { GuestPage } from './guestPage';
import type { WalkModel } from './model';

export interface DraftRecord {
  succeeded: number;
  reviews: number;
}

async function readJson<T>(walk: GuestPage, path: string, headers: Record<string, string>) {
  const answer = await walk.context.request.get(path, { headers });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

async function readLedger(walk: GuestPage, m: Readonly<WalkModel>, settled = false) {
  // paymentsOf waits until the webhooks sent so far have been handled (its rows are not needed).
  if (settled) await paymentsOf(walk.context.request, '');
  const payments = await readJson<{ data: { data: PaymentRow[] } }>(
    walk,
    '/api/__payments?all=true',
    operatorHeaders(),
  );
  const feed = await readJson<{ sayThanks: string }[]>(
    walk,
    `/api/__db/feed?userId=${walk.profile.id}`,
    { Authorization: `Bearer ${GUEST_TOKEN}`, Connection: 'close' },
  );
  return m.drafts.map(({ n }): DraftRecord => {
    const name = walk.guestOf(n).fullName;
    const own = payments.data.data.filter((row) => row.metadata.guestName === name);
    return {
      succeeded: own.filter((row) => row.status === 'succeeded').length,
      reviews: feed.filter((item) => item.sayThanks === walk.wordsOf(n)).length,
    };
  });
}

/** Paid once, sent once (issue 49): a count may still be coming, never one too many. */
export async function checkOnceEach(walk: GuestPage, m: Readonly<WalkModel>) {
  const problems: string[] = [];
  const records = await readLedger(walk, m);
  records.forEach((record, n) => {
    const who = `draft ${n} (${walk.guestOf(n).fullName})`;
    if (record.succeeded > 1) problems.push(`${who} has ${record.succeeded} succeeded payments`);
    if (record.reviews > 1) problems.push(`${who} has ${record.reviews} published reviews`);
  });
  return { records, problems };
}

/** At a sequence's end, webhooks handled: exactly what the model says, per draft. */
export async function checkLedgerAtEnd(walk: GuestPage, m: Readonly<WalkModel>): Promise<void> {
  const wanted = m.drafts.map((draft) => ({
    succeeded: draft.paid ? 1 : 0,
    reviews: draft.published ? 1 : 0,
  }));
  await expect
    .poll(() => readLedger(walk, m, true), {
      message: 'each draft: its succeeded payments and published reviews, as the model says',
    })
    .toEqual(wanted);
}
