// What the state keeps of a card: what Stripe shows of a PaymentMethod's card (brand, last4,
// expiry, fingerprint) and the test card's id, never a number. A state an older version saved
// kept each PaymentMethod's number beside it, and a fingerprint a number could be found from:
// restored (state.ts), a test card's number gives way to its id and every copy of its
// PaymentMethod gets today's fingerprint; any other card (a real one, which that version stored
// and then declined) is forgotten, with every copy of it in the state.
import { createHash } from 'node:crypto';
import { findTestCard, type TestCard } from './testCards';
import type { StripeState } from './state';

/**
 * Stripe's `card.fingerprint` for a test card: the same for every PaymentMethod of one number,
 * and nothing else of it. Test card numbers are public, so a plain digest hides all that needs
 * hiding; no other card is ever kept.
 */
export function cardFingerprint(card: TestCard): string {
  const digest = createHash('sha256').update(`stripe-emulator-card:${card.number}`).digest();
  return digest
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rewrites `state` (a restored copy) in place so that it holds no card number. */
export function forgetCardNumbers(state: StripeState): void {
  const forgotten = new Set<string>();
  const fingerprints = new Map<string, string>();
  for (const [id, saved] of Object.entries(
    state.paymentMethods as unknown as Record<string, Json>,
  )) {
    if (!Object.hasOwn(saved, 'number')) continue;
    const card = typeof saved.number === 'string' ? findTestCard(saved.number) : undefined;
    delete saved.number;
    if (!card) {
      delete state.paymentMethods[id];
      forgotten.add(id);
      continue;
    }
    saved.testCard = card.id;
    fingerprints.set(id, cardFingerprint(card));
  }
  if (forgotten.size === 0 && fingerprints.size === 0) return;

  /** Rewrites the copies under `node`; true when `node` is itself one to forget (its holder drops it). */
  const rewrite = (node: unknown): boolean => {
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) if (rewrite(node[i])) node.splice(i, 1);
      return false;
    }
    if (!isObject(node)) return false;
    if (node.object === 'payment_method' && typeof node.id === 'string') {
      if (forgotten.has(node.id)) return true;
      const fingerprint = fingerprints.get(node.id);
      if (fingerprint !== undefined && isObject(node.card)) node.card.fingerprint = fingerprint;
      return false;
    }
    for (const [key, value] of Object.entries(node)) if (rewrite(value)) delete node[key];
    return false;
  };
  // Copies sit in the PaymentMethods themselves, in intents (last_payment_error), in events, and
  // in the answers kept for Idempotency-Key retries (one whose answer was such a PaymentMethod is
  // forgotten with it).
  for (const stored of Object.values(state.paymentMethods)) rewrite(stored.method);
  for (const intent of Object.values(state.paymentIntents)) rewrite(intent);
  rewrite(state.events);
  for (const [key, answer] of Object.entries(state.idempotency)) {
    if (rewrite(answer.body)) delete state.idempotency[key];
  }
}
