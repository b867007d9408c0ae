// Whether this server should be sent traffic (/readyz): not once its shutdown has begun, so a load
// balancer stops sending it requests while those in flight finish (src/server/main.ts), and not
// while the API it renders from is unreachable.
import type { ProfileLookup } from './profileLookup';

/** One check of the API at most this often, however often probes ask. */
const REACHABLE_CHECK_MS = 2000;

export interface Readiness {
  /** From now on the server says it is not ready. */
  beginShutdown(): void;
  shuttingDown(): boolean;
  /** Whether the API answers, from a check at most REACHABLE_CHECK_MS old. */
  apiReachable(): Promise<boolean>;
}

export function createReadiness(lookup: Pick<ProfileLookup, 'reachable'>): Readiness {
  let shuttingDown = false;
  let check: { at: number; reachable: Promise<boolean> } | null = null;
  return {
    beginShutdown: () => {
      shuttingDown = true;
    },
    shuttingDown: () => shuttingDown,
    apiReachable: () => {
      if (!check || Date.now() - check.at > REACHABLE_CHECK_MS) {
        check = { at: Date.now(), reachable: lookup.reachable() };
      }
      return check.reachable;
    },
  };
}
