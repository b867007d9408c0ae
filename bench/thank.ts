// The `thank` section (issue 36): the waits a guest feels on the throttled phone, from the QR
// code's link to the Congratulations, tap by tap, for a tip by card and a recognition with a
// 12 MP photo, on a first visit (empty cache) and a return visit in the same browser, each step
// beside its floor (what the wire and the spec require). On its own preview: its payments and
// recognitions stay out of the shared data.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { makePhonePhoto } from '../scripts/phonePhotos';
import { PHONE, PHONE_DESCRIPTION, phoneContext } from './browser';
import { PROFILE } from './demo';
import { count, kb, median, ms, round, times } from './format';
import type { Section } from './harness';
import type { Figure, FigureGroup } from './reporter';
import { JOURNEYS, recorderFor, walk, type Journey, type StepResult } from './thankJourneys';

const RUNS = 3;
const VISITS = ['first', 'return'] as const;
type VisitKind = (typeof VISITS)[number];
/** The page's share over the floor: a return visit has its code in the cache. */
const TARGETS: Record<VisitKind, number> = { first: 1.5, return: 1.25 };
/** The QR code's link: branch-sdk, through the mock API's emulator, opens Ava's profile. */
const QR_PATH = '/?_branch_match_id=qr-ava';

interface JourneyRun {
  journey: Journey['name'];
  visit: VisitKind;
  run: number;
  steps: StepResult[];
}

/** RUNS rounds; each journey in a fresh context, its first visit then its return visit. */
async function measureThank(browser: Browser, baseUrl: string, log: (m: string) => void) {
  const photo = await makePhonePhoto({ seed: 36 });
  const runs: JourneyRun[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    for (const journey of JOURNEYS) {
      const initScripts = [recorderFor(journey)];
      const { context, page } = await phoneContext(browser, { slowCpu: true, initScripts });
      try {
        for (const visit of VISITS) {
          // A guest and words of their own: no draft or card of another run is theirs.
          const tag = `${run}${visit[0]} ${Date.now() % 100000}`;
          const guestName = `Thank ${journey.name} ${tag}`;
          const words = `Thank you, from the bench (${journey.name} ${tag})`;
          const qrUrl = `${baseUrl}${QR_PATH}`;
          const steps = await walk({ page, qrUrl, guestName, words, photo }, journey);
          runs.push({ journey: journey.name, visit, run, steps });
          // A sent flow leaves no draft behind, so the return visit is offered none.
          const drafts = await page.evaluate(
            () => Object.keys(localStorage).filter((k) => k.startsWith('grati:draft:')).length,
          );
          const shown = steps.map((s) => `${s.waitMs}/${s.floorMs}`).join(' ');
          log(
            `  ${journey.name} ${visit} visit, run ${run}: waits/floors ${shown}; drafts ${drafts}`,
          );
        }
      } finally {
        await context.close();
      }
    }
  }
  return { photoBytes: photo.length, runs };
}

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** A step's floor as a note: what it is made of, and each run's wait. */
function stepNote(results: StepResult[]) {
  const trips = median(results.map((r) => r.roundTrips));
  const bytes = median(results.map((r) => r.downBytes + r.upBytes));
  const floor = median(results.map((r) => r.floorMs));
  const delay = results[0]?.delayMs ?? 0;
  const spec = delay > 0 ? ` + the spec’s ${ms(delay)}` : '';
  const parts =
    trips === 0 ? '' : `: ${trips} round trip${trips === 1 ? '' : 's'} + ${kb(bytes)}${spec}`;
  const notMade = [...new Set(results.flatMap((r) => r.notMade))];
  return [
    `floor ${ms(floor)}${parts}`,
    `runs ${results.map((r) => count(r.waitMs)).join(', ')}`,
    ...(notMade.length > 0 ? [`not made in some runs: ${notMade.join(', ')}`] : []),
  ].join('; ');
}

function thankGroup(journey: Journey, visit: VisitKind, all: JourneyRun[]): FigureGroup {
  const runs = all.filter((r) => r.journey === journey.name && r.visit === visit);
  const steps: Figure[] = journey.steps.map((step, i) => {
    const results = runs.map((r) => r.steps[i]!);
    return {
      name: step.name,
      value: median(results.map((r) => r.waitMs)),
      unit: ms,
      note: stepNote(results),
    };
  });
  // The median of each run's sum (not the sum of the steps' medians): one guest's journey.
  const share = median(runs.map((r) => sum(r.steps.map((s) => s.waitMs))));
  const floor = median(runs.map((r) => sum(r.steps.map((s) => s.floorMs))));
  return {
    group: `Time to thank: ${journey.name}, ${visit} visit (${PROFILE}; ${PHONE_DESCRIPTION}, ${PHONE.cpuSlowdown}x CPU; median of ${runs.length})`,
    figures: [
      ...steps,
      {
        name: 'the page’s share: each run’s waits summed (median)',
        value: share,
        unit: ms,
        note: `the floor ${ms(floor)}`,
      },
      {
        name: 'the page’s share / the floor',
        value: round(share / floor, 2),
        unit: times,
        target: { atMost: TARGETS[visit] },
        note: `${ms(share)} / ${ms(floor)}`,
      },
    ],
  };
}

export const thankSection: Section = {
  name: 'thank',
  async run(h) {
    const dataDir = path.join(h.tmp, 'data-thank');
    await mkdir(dataDir, { recursive: true });
    const thank = await h.step(
      `thank: a tip and a recognition from the QR link (${RUNS} runs, first and return visits)`,
      async () => {
        const server = await h.startPreview(dataDir, 'preview-thank');
        return h.withBrowser((browser) => measureThank(browser, server.baseUrl, h.log));
      },
    );
    const figures = thank
      ? JOURNEYS.flatMap((j) => VISITS.map((visit) => thankGroup(j, visit, thank.runs)))
      : [];
    return { results: { thank }, figures };
  },
};
