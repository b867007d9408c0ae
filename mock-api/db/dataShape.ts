// The data file's shape, checked when the mock API opens it. A damaged file (a collection that is
// not a list, payments whose Stripe state is gone) would otherwise start a server that fails on
// every lookup, or that quietly drops the payments' state at its next write.
import { type AnySchema, ValidationError, mixed, object } from 'yup';
import { restoreStripeState } from '../emulators/stripe/state';
import { RECORDS, kindOf, listOf, namingTheRecord, recordOf } from './recordShapes';

/**
 * The data file's key for the emulators' state, by emulator name ("stripe"). It sits beside the
 * collections in the same file on purpose: one commit is one rename of one file, so a restart
 * (after SIGKILL too) finds the data and the payments' state of the same moment, never a review
 * recorded for an intent the emulator has forgotten. It is held apart from lowdb, so
 * json-server's router (the data view) never sees it, whatever that view allows.
 */
export const EMULATORS_KEY = '__emulators';

/** At most this many problems are listed: a list of a thousand bad records says so once. */
const MAX_LISTED = 5;

/** A collection of its records (./recordShapes.ts), required or absent in older files. */
const collection = (name: keyof typeof RECORDS, optional = false): AnySchema =>
  listOf(RECORDS[name].record, { optional });

// Each record is checked to the field, with the shape the routes write it in: a record the
// routes could not read would otherwise fail every lookup that meets it.
const dataShape = object({
  users: collection('users'),
  feed: collection('feed'),
  gallery: collection('gallery'),
  guests: collection('guests'),
  profileClicks: collection('profileClicks'),
  demoProfiles: collection('demoProfiles'),
  // Absent in files written before these existed.
  idempotency: collection('idempotency', true),
  payments: collection('payments', true),
  pendingGratitudes: collection('pendingGratitudes', true),
  webhookEvents: collection('webhookEvents', true),
  [EMULATORS_KEY]: recordOf({ stripe: mixed() }, { optional: true }),
})
  .strict()
  .typeError(
    ({ value }: { value: unknown }) => `the file must hold an object, not ${kindOf(value)}`,
  )
  .nonNullable('the file must hold an object, not null');

/**
 * What is wrong with a parsed data file, in words for whoever runs the mock API (empty: nothing).
 * The collections' shapes first; then, once they are lists, whether the payments it holds still
 * have their Stripe state.
 */
export function dataFileProblems(saved: unknown): string[] {
  try {
    dataShape.validateSync(saved, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const found = error.inner.length > 0 ? error.inner : [error];
    return listed(found.map(({ message, path }) => namingTheRecord(message, path ?? '', saved)));
  }
  const problem = stripeStateProblem(saved as Record<string, unknown>);
  return problem ? [problem] : [];
}

function listed(problems: string[]): string[] {
  if (problems.length <= MAX_LISTED) return problems;
  return [...problems.slice(0, MAX_LISTED), `and ${problems.length - MAX_LISTED} more`];
}

/**
 * The Stripe emulator's state must be there, whole, when the file holds payments: started
 * without it, the emulator would know none of their intents, and its next write would replace
 * them for good.
 */
function stripeStateProblem(saved: Record<string, unknown>): string | null {
  const payments = (saved.payments as unknown[] | undefined)?.length ?? 0;
  const waiting = (saved.pendingGratitudes as unknown[] | undefined)?.length ?? 0;
  const held = [
    payments > 0 ? count(payments, 'payment', 'payments') : '',
    waiting > 0
      ? count(waiting, 'review waiting for its payment', 'reviews waiting for payment')
      : '',
  ].filter(Boolean);
  const loss =
    held.length > 0
      ? `, but the file holds ${held.join(' and ')}: their Stripe state would be lost`
      : '';
  const emulators = saved[EMULATORS_KEY] as Record<string, unknown> | undefined;
  if (emulators === undefined) return loss ? `${EMULATORS_KEY} is missing${loss}` : null;
  const stripe = emulators.stripe;
  const where = `${EMULATORS_KEY}.stripe`;
  if (stripe === undefined) return loss ? `${where} is missing${loss}` : null;
  try {
    restoreStripeState(stripe);
  } catch (error) {
    return `${where} can't be restored: ${sentence((error as Error).message)}`;
  }
  // restoreStripeState lets an older file lack a part; one with payments never lacks intents.
  if (loss && (stripe as Record<string, unknown>).paymentIntents === undefined) {
    return `${where} has no paymentIntents${loss}`;
  }
  return null;
}

/** An error's message as part of another sentence. */
const sentence = (message: string) =>
  message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
