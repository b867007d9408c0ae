// Runs a shard of the guest walk: fast-check generates sequences of guest steps, each played on a
// fresh browser context against the model; a failure is shrunk and reported with what replays it.
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from '@playwright/test';
import fc from 'fast-check';
import { guestSteps, plannedSteps } from './commands';
import { GuestPage } from './guestPage';
import { checkInvariants, checkStillUp, labelled } from './invariants';
import { checkLedgerAtEnd } from './ledger';
import { FLOWS, initialModel, type Arrival } from './model';
import { WALK_PROFILES, type WalkProfile } from './profiles';
import type { WalkSettings, WalkShard } from './settings';

export const SHRINK_BUDGET_MS = 8 * 60 * 1000;

/** A failure may be shrunk below it. */
const MIN_STEPS = 8;

const arrivals: fc.Arbitrary<Arrival> = fc.oneof(
  // A failure found from a link shrinks to one from the profile when it also happens there.
  { withCrossShrink: true },
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.constant('gift' as const), weight: 1 },
  { arbitrary: fc.constantFrom(...FLOWS.filter((flow) => flow !== 'gift')), weight: 1 },
);

const arrivalAddress = (profile: WalkProfile, arrival: Arrival) =>
  `/user_profile/${profile.id}${arrival ? `?flow=${arrival}&step=guest` : ''}`;

export interface WalkFigures {
  sequences: number;
  steps: number[];
  /** The moves in flight (issue 49) played, by kind. */
  moves: Map<string, number>;
}

function shrinkBudget<Ts>(budgetMs: number): fc.Plugin<Ts> {
  return () => {
    let failedAt: number | null = null;
    const note = <R>(result: R): R => {
      const failure = result !== null && !fc.PreconditionFailure.isFailure(result);
      if (failure) failedAt ??= Date.now();
      return result;
    };
    return {
      decorateRun: (nested) => (value) => {
        if (failedAt !== null && Date.now() - failedAt > budgetMs) {
          return new fc.PreconditionFailure(true);
        }
        const out = nested(value);
        return out !== null && 'then' in out ? out.then(note) : note(out);
      },
    };
  };
}

function failureReport<Ts extends [WalkProfile, Arrival, unknown]>(
  details: fc.RunDetails<Ts>,
  shard: WalkShard,
): string {
  const [profile, arrival, steps] = details.counterexample ?? [undefined, null, undefined];
  const listed = String(steps ?? '');
  const replayPath = /\/\*replayPath="([^"]*)"\*\//.exec(listed)?.[1];
  const names = listed
    .replace(/\s*\/\*replayPath="[^"]*"\*\/\s*$/, '')
    .split(',')
    .filter((name) => name.trim() !== '');
  const error = details.errorInstance;
  const broke = error instanceof Error ? error.message : String(error);
  const replay = [
    `GUEST_WALK_SEED=${details.seed}`,
    `GUEST_WALK_PATH="${details.counterexamplePath}"`,
    ...(replayPath ? [`GUEST_WALK_REPLAY_PATH="${replayPath}"`] : []),
    ...(shard.faults ? ['GUEST_WALK_FAULTS=1'] : []),
    'npx playwright test e2e/guest-walk.spec.ts',
  ].join(' ');
  return stripVTControlCharacters(
    [
      `The guest walk failed (${shard.title}).`,
      `Seed ${details.seed}, path "${details.counterexamplePath}", faults ${shard.faults ? 'on' : 'off'}.`,
      `Shrunk sequence (${details.numShrinks} shrinks${details.interrupted ? ', stopped at the shrink budget' : ''}) from ${profile ? arrivalAddress(profile, arrival) : '?'}:`,
      ...(names.length > 0
        ? names.map((name, index) => `  ${index + 1}. ${name}`)
        : ['  (no step: opening the address is enough)']),
      '',
      'What broke:',
      broke,
      '',
      `Replay: ${replay}`,
      '',
      "fast-check's report:",
      fc.defaultReportMessage(details) ?? '',
    ].join('\n'),
  );
}

export async function walkShard(
  browser: Browser,
  baseURL: string,
  shard: WalkShard,
  settings: WalkSettings,
  figures: WalkFigures,
): Promise<void> {
  const open = new Set<GuestPage>();
  let failed = false;
  const property = fc.asyncProperty(
    fc.constantFrom(...WALK_PROFILES),
    arrivals,
    fc.commands(guestSteps(), {
      maxCommands: settings.maxSteps,
      size: 'max',
      replayPath: shard.replay?.replayPath,
    }),
    async (profile, arrival, steps) => {
      if (!failed && !shard.replay) fc.pre(plannedSteps(profile, arrival, steps) >= MIN_STEPS);
      const address = arrivalAddress(profile, arrival);
      const walk = await GuestPage.open(browser, baseURL, profile, shard.faults);
      open.add(walk);
      try {
        const model = initialModel(profile, arrival);
        await labelled(`opening ${address} failed`, async () => {
          await walk.start(address);
          await checkInvariants(walk, model);
        });
        await fc.asyncModelRun(() => ({ model, real: walk }), steps);
        await labelled(`after step ${walk.steps}, once the page settled`, () => checkStillUp(walk));
        await labelled(`after step ${walk.steps}, the drafts' payments and reviews`, () =>
          checkLedgerAtEnd(walk, model),
        );
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        figures.sequences += 1;
        figures.steps.push(walk.steps);
        for (const [move, n] of walk.moves)
          figures.moves.set(move, (figures.moves.get(move) ?? 0) + n);
        open.delete(walk);
        await walk.close();
      }
    },
  );
  const details = await fc.check(property, {
    seed: shard.seed,
    numRuns: shard.runs,
    // About one sequence in a hundred is long enough; a skipped one costs no browser.
    maxSkipsPerRun: 1000,
    path: shard.replay?.path,
    verbose: fc.VerbosityLevel.Verbose,
    plugins: [shrinkBudget(SHRINK_BUDGET_MS)],
  });
  // A run left behind by the shrink budget.
  await Promise.all([...open].map((walk) => walk.close()));
  if (!details.failed) return;
  if (details.counterexamplePath === null) throw new Error(fc.defaultReportMessage(details));
  throw new Error(failureReport(details, shard));
}
