// What the mock API holds for each draft of a sequence, read from its data views (not from the
// page): the payments list (`GET /api/__payments?all=true`, as the operator), each row named by
// its guest, and the profile's feed (`GET /api/__db/feed?userId=`), each review by its words.
import { expect, GUEST_TOKEN } from '../fixtures';
import { operatorHeaders, paymentsOf } from '../payment-helpers';
import type { PaymentRow } from '../journeyData';
import type { GuestPage } from './guestPage';
import type { WalkModel } from './model';

export interface DraftRecord {
  /** Its intents (every status). */
  intents: number;
  /** Its intents Stripe said succeeded (their stored status, as webhooks told it). */
  succeeded: number;
  /** Its reviews in the profile's feed. */
  reviews: number;
}

interface FeedItem {
  sayThanks: string;
}

async function readJson<T>(walk: GuestPage, path: string, headers: Record<string, string>) {
  const answer = await walk.context.request.get(path, { headers });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** Each draft's record, by its number. `settled`: once the webhooks sent so far are handled. */
export async function readLedger(
  walk: GuestPage,
  m: Readonly<WalkModel>,
  settled = false,
): Promise<DraftRecord[]> {
  // paymentsOf waits until the webhooks sent so far have been handled (its rows are not needed).
  if (settled) await paymentsOf(walk.context.request, '');
  const payments = await allPayments(walk);
  const feed = await readJson<FeedItem[]>(walk, `/api/__db/feed?userId=${walk.profile.id}`, {
    Authorization: `Bearer ${GUEST_TOKEN}`,
    Connection: 'close',
  });
  return m.drafts.map((draft) => {
    const name = walk.guestOf(draft.n).fullName;
    const words = walk.wordsOf(draft.n);
    const own = payments.filter((row) => row.metadata.guestName === name);
    return {
      intents: own.length,
      succeeded: own.filter((row) => row.status === 'succeeded').length,
      reviews: feed.filter((item) => item.sayThanks === words).length,
    };
  });
}

async function allPayments(walk: GuestPage): Promise<PaymentRow[]> {
  const answer = await readJson<{ data: { data: PaymentRow[] } }>(
    walk,
    '/api/__payments?all=true',
    operatorHeaders(),
  );
  return answer.data.data;
}

/**
 * Paid once, sent once (issue 49), after every step: no draft has more than one succeeded
 * payment or more than one published review. What each draft has (a draft's payment is counted
 * as the webhooks tell it, so a count may still be coming; never one too many).
 */
export async function checkOnceEach(
  walk: GuestPage,
  m: Readonly<WalkModel>,
): Promise<{ records: DraftRecord[]; problems: string[] }> {
  const problems: string[] = [];
  const records = await readLedger(walk, m);
  records.forEach((record, n) => {
    const who = `draft ${n} (${walk.guestOf(n).fullName})`;
    if (record.succeeded > 1) problems.push(`${who} has ${record.succeeded} succeeded payments`);
    if (record.reviews > 1) problems.push(`${who} has ${record.reviews} published reviews`);
  });
  return { records, problems };
}

/**
 * Once a sequence is over and Stripe's webhooks have been handled: each draft the model says paid
 * has exactly one succeeded payment, each it says was published exactly one review, and the
 * others none.
 */
export async function checkLedgerAtEnd(walk: GuestPage, m: Readonly<WalkModel>): Promise<void> {
  const wanted = m.drafts.map((draft) => ({
    succeeded: draft.paid ? 1 : 0,
    reviews: draft.published ? 1 : 0,
  }));
  await expect
    .poll(
      async () =>
        (await readLedger(walk, m, true)).map(({ succeeded, reviews }) => ({
          succeeded,
          reviews,
        })),
      { message: 'each draft: its succeeded payments and published reviews, as the model says' },
    )
    .toEqual(wanted);
}
