// The shape of the suites that run the main journeys in another browser under Node's test runner
// (e2e-firefox/, e2e-webkit/): one setting started for the run, each journey a test of its own on
// a fresh browser context or session, one at a time unless the suite's variable says otherwise.
import { after, before, describe, it } from 'node:test';

/** A journey as a test names it, and what it does with its context. */
export type Journeys<Context> = [string, (context: Context) => Promise<void>][];

export interface JourneySuite<Setting extends { stop: () => Promise<void> }, Context> {
  /** The describe block's title: 'Firefox journeys'. */
  title: string;
  /** Starts the server and the browser (or its driver) once for the run. */
  start: () => Promise<Setting>;
  /** Runs one journey in a fresh context of the setting (its own cookies and storage). */
  inFresh: (setting: Setting, journey: (context: Context) => Promise<void>) => Promise<void>;
  journeys: Journeys<Context>;
  /** The environment variable that runs that many journeys at once (default 1: 2 cores). */
  concurrencyVariable: string;
}

/**
 * A journey takes 10 to 25 s on a fast machine; this is room for one several times slower.
 */
const JOURNEY_TIMEOUT_MS = 360_000;

export function describeJourneys<Setting extends { stop: () => Promise<void> }, Context>(
  suite: JourneySuite<Setting, Context>,
): void {
  const concurrency = Math.max(1, Number(process.env[suite.concurrencyVariable] ?? 1) || 1);
  describe(suite.title, { concurrency }, () => {
    let setting: Setting | undefined;
    before(async () => {
      setting = await suite.start();
    });
    after(async () => {
      await setting?.stop();
    });
    for (const [name, journey] of suite.journeys) {
      it(name, { timeout: JOURNEY_TIMEOUT_MS }, async () => {
        if (!setting) throw new Error(`${suite.title}: the server or the browser did not start`);
        await suite.inFresh(setting, journey);
      });
    }
  });
}
