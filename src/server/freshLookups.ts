// Fresh profile lookups: answers the API gave to a call begun after the request asking for one
// came (a page just after a payment, or for the guest who just sent something), never one from
// before, and yet a bounded number of calls however many such requests come.
import { LRUCache } from 'lru-cache';
import type { LookupAnswer } from './renderPage';

/**
 * Fresh lookups of one profile begin at least this far apart; the requests in between share the
 * next one. So a flood of such requests costs one call a second, not one per call's round trip
 * (issue 50: 429 calls in 10 s), and a guest waits at most this much more for theirs.
 */
export const FRESH_LOOKUP_GAP_MS = 1000;

export interface FreshLookupOptions {
  /** Asks the API (its own deadline and slots). */
  ask: (id: string) => Promise<LookupAnswer>;
  /** Each answer, as it comes: the newest there is. */
  answered: (id: string, answer: LookupAnswer) => void;
  gapMs: number;
}

/**
 * A call under way was begun before a request that comes now, so that request waits for the
 * next call, which every request coming meanwhile shares: a burst of fresh requests for one
 * profile (or someone replaying them) keeps at most one call under way. A call waiting for its
 * turn (the gap) has not begun, so whoever comes meanwhile shares it too.
 */
export function createFreshLookups(
  options: FreshLookupOptions,
): (id: string) => Promise<LookupAnswer> {
  const { ask, answered, gapMs } = options;
  interface Round {
    answer: Promise<LookupAnswer>;
    begun: boolean;
    next: Promise<LookupAnswer> | null;
  }
  const rounds = new Map<string, Round>();
  // When each profile's last call began; an entry older than the gap says nothing any more.
  const lastBegun = new LRUCache<string, number>({ max: 10_000 });
  const ignore = () => undefined;

  function startRound(id: string): Promise<LookupAnswer> {
    const wait = (lastBegun.get(id) ?? -Infinity) + gapMs - Date.now();
    const begin =
      wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
    const round: Round = {
      answer: begin.then(() => {
        round.begun = true;
        lastBegun.set(id, Date.now());
        return ask(id);
      }),
      begun: false,
      next: null,
    };
    rounds.set(id, round);
    round.answer
      .then((answer) => answered(id, answer), ignore)
      .finally(() => {
        if (rounds.get(id) === round) rounds.delete(id);
      });
    return round.answer;
  }

  return (id) => {
    const current = rounds.get(id);
    if (!current) return startRound(id);
    if (!current.begun) return current.answer;
    current.next ??= current.answer.then(ignore, ignore).then(() => startRound(id));
    return current.next;
  };
}
