// The Firefox and WebKit suites under Node's test runner: one setting for the run, each journey a
// test of its own in a fresh context, one at a time unless the suite's variable says otherwise.
import { after, before, describe, it } from 'node:test';

export type Journeys<Context> = [string, (context: Context) => Promise<void>][];

export interface JourneySuite<Setting extends { stop: () => Promise<void> }, Context> {
  title: string;
  start: () => Promise<Setting>;
  inFresh: (setting: Setting, journey: (context: Context) => Promise<void>) => Promise<void>;
  journeys: Journeys<Context>;
  /** Runs that many journeys at once (default 1). */
  concurrencyVariable: string;
}

/** 10 to 25 s on a fast machine: room for one several times slower. */
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
