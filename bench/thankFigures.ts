// The `thank` section's figures and targets (bench/thank.ts measures): per journey and visit, each
// step's wait for the paced guest, the page's share over the floor for both guests, and the QR
// step's paint over its static copy's, with the server's Branch call beside it.
import { PHONE, PHONE_DESCRIPTION } from './browser';
import { PROFILE } from './demo';
import { count, kb, median, medianKnown, ms, round, times } from './format';
import type { Figure, FigureGroup } from './reporter';
import { JOURNEYS, type Journey, type StepResult } from './thankJourneys';
import { GUEST_DESCRIPTION, type Guest } from './thankPacing';

export const VISITS = ['first', 'return'] as const;
export type VisitKind = (typeof VISITS)[number];

export interface JourneyRun {
  journey: Journey['name'];
  guest: Guest;
  visit: VisitKind;
  run: number;
  steps: StepResult[];
}

export interface ThankResults {
  photoBytes: number;
  /** Each run's static copy painted, on a first and a return visit: served with the page's own
   * headers (the QR step's floor), and without them (reported). */
  staticCopy: Record<VisitKind, number>[];
  bareStaticCopy: Record<VisitKind, number>[];
  /** Each run's tap on the static copy (Give Gift to a plain form shown), on each visit. */
  staticTap: Record<VisitKind, number>[];
  runs: JourneyRun[];
}

export const TARGETS = {
  /** The QR step painted over its static copy painted, on either visit. */
  qrOverStaticCopy: 1.15,
  /** The page's share over the floor, by guest and visit (null: reported, no target). The
   * instant guest's first visit races a first load's code with every tap: the worst case is
   * reported beside the paced guest's target, not held to one. */
  share: {
    paced: { first: 1.25, return: 1.15 },
    instant: { first: null, return: 1.25 },
  } satisfies Record<Guest, Record<VisitKind, number | null>>,
};

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A step's floor as a note: what it is made of, each run's wait, and the instant guest's. */
function stepNote(results: StepResult[], instant: StepResult[]) {
  const floor = median(results.map((r) => r.floorMs));
  const trips = median(results.map((r) => r.roundTrips));
  const bytes = median(results.map((r) => r.downBytes + r.upBytes));
  const delay = results[0]?.delayMs ?? 0;
  const spec = delay > 0 ? ` + the spec’s ${ms(delay)}` : '';
  const wire = trips === 0 ? '' : `${plural(trips, 'round trip')} + ${kb(bytes)}${spec}`;
  const parts =
    results[0]?.floorOf === 'staticCopy'
      ? `: its static copy painted (the wire alone: ${wire}, ${ms(median(results.map((r) => r.wireFloorMs)))})`
      : wire && `: ${wire}`;
  const notMade = [...new Set(results.flatMap((r) => r.notMade))];
  const madeDuring = [...new Set([...results, ...instant].flatMap((r) => r.madeDuring))];
  return [
    `floor ${ms(floor)}${parts}`,
    `runs ${results.map((r) => count(r.waitMs)).join(', ')}`,
    `the instant guest ${ms(median(instant.map((r) => r.waitMs)))}`,
    ...(notMade.length > 0 ? [`not made in some runs: ${notMade.join(', ')}`] : []),
    ...(madeDuring.length > 0 ? [`made before it showed: ${madeDuring.join(', ')}`] : []),
  ].join('; ');
}

/** The page's share (the median of each run's waits summed: one guest's journey) over the floor
 * (summed the same way). `taps`: what the journey's taps would take on the static copy. */
function shareFigures(runs: JourneyRun[], guest: Guest, visit: VisitKind, taps: string): Figure[] {
  const share = median(runs.map((r) => sum(r.steps.map((s) => s.waitMs))));
  const floor = median(runs.map((r) => sum(r.steps.map((s) => s.floorMs))));
  const target = TARGETS.share[guest][visit];
  const who = guest === 'paced' ? 'a guest who reads and decides' : 'the instant guest';
  return [
    {
      name: `${who}: the page’s share (each run’s waits summed)`,
      value: share,
      unit: ms,
      note: `the floor ${ms(floor)}; ${taps}`,
    },
    {
      name: `${who}: the page’s share / the floor`,
      value: round(share / floor, 2),
      unit: times,
      ...(target === null ? {} : { target: { atMost: target } }),
      note: `${ms(share)} / ${ms(floor)}`,
    },
  ];
}

function journeyGroup(journey: Journey, visit: VisitKind, results: ThankResults): FigureGroup {
  const of = (guest: Guest) =>
    results.runs.filter(
      (r) => r.journey === journey.name && r.visit === visit && r.guest === guest,
    );
  const [paced, instant] = [of('paced'), of('instant')];
  // The floor counts no time for a tap itself; a static page's tap is what the browser takes.
  const tapSteps = journey.steps.filter((s) => (s.startOn ?? 'pointerdown') === 'pointerdown');
  const tapMs = median(results.staticTap.map((taps) => taps[visit]));
  const taps = `its ${tapSteps.length} taps at the static copy’s tap (${ms(tapMs)}): ${ms(tapSteps.length * tapMs)}, in no floor`;
  const steps: Figure[] = journey.steps.map((step, i) => {
    const results = paced.map((r) => r.steps[i]!);
    return {
      name: step.name,
      value: median(results.map((r) => r.waitMs)),
      unit: ms,
      note: stepNote(
        results,
        instant.map((r) => r.steps[i]!),
      ),
    };
  });
  return {
    group: `Time to thank: ${journey.name}, ${visit} visit (${PROFILE}; ${PHONE_DESCRIPTION}, ${PHONE.cpuSlowdown}x CPU; median of ${paced.length}; the steps: ${GUEST_DESCRIPTION.paced})`,
    figures: [
      ...steps,
      ...shareFigures(paced, 'paced', visit, taps),
      ...shareFigures(instant, 'instant', visit, taps),
    ],
  };
}

/** The QR step (both guests' runs: nothing is paced before it) over its static copy, and the
 * server's Branch call, read from the page's `Server-Timing`. */
function qrGroup(results: ThankResults): FigureGroup {
  const qrSteps = results.runs.map((r) => ({ ...r, qr: r.steps[0]! }));
  const figures: Figure[] = JOURNEYS.flatMap((journey) =>
    VISITS.map((visit): Figure => {
      const qr = median(
        qrSteps
          .filter((r) => r.journey === journey.name && r.visit === visit)
          .map((r) => r.qr.waitMs),
      );
      const floor = median(results.staticCopy.map((paints) => paints[visit]));
      return {
        name: `${journey.name}, ${visit} visit: the QR step painted / its static copy painted`,
        value: round(qr / floor, 2),
        unit: times,
        target: { atMost: TARGETS.qrOverStaticCopy },
        note: `${ms(qr)} / ${ms(floor)}`,
      };
    }),
  );
  for (const visit of VISITS) {
    const bare = median(results.bareStaticCopy.map((paints) => paints[visit]));
    const floor = median(results.staticCopy.map((paints) => paints[visit]));
    figures.push({
      name: `${visit} visits: the static copy painted without the page’s own headers (its COOP, CSP, …)`,
      value: bare,
      unit: ms,
      note: `with them (the floor) ${ms(floor)}: COOP puts the page in a browsing context group of its own, a renderer swap from about:blank`,
    });
  }
  for (const visit of VISITS) {
    const taps = results.staticTap.map((tap) => tap[visit]);
    figures.push({
      name: `${visit} visits: the static copy tapped (Give Gift -> a plain form of two fields shown)`,
      value: median(taps),
      unit: ms,
      note: `the browser’s own tap and frame on this phone, no framework (each: ${taps.map(count).join(', ')}): no in-page step can wait less; the floors count none`,
    });
  }
  const branch = qrSteps.map((r) => r.qr.branchMs);
  const served = branch.filter((b) => b !== null).length;
  for (const visit of VISITS) {
    const ofVisit = qrSteps.filter((r) => r.visit === visit).map((r) => r.qr.branchMs);
    figures.push({
      name: `${visit} visits: the server’s Branch call (Server-Timing, median)`,
      value: round(medianKnown(ofVisit), 1),
      unit: ms,
      note: `each: ${ofVisit.map((b) => (b === null ? 'n/a' : count(b))).join(', ')}`,
    });
  }
  figures.push({
    name: 'QR links answered by the server with the profile’s page',
    value: served,
    unit: count,
    target: { is: branch.length },
    note: 'the others left to the page (Branch slow for the server, or not asked)',
  });
  return {
    group: `Time to thank: the QR step (the profile painted, its name and button; median of ${results.staticCopy.length} static copies, and of both guests’ runs)`,
    figures,
  };
}

export const thankFigures = (results: ThankResults): FigureGroup[] => [
  qrGroup(results),
  ...JOURNEYS.flatMap((journey) => VISITS.map((visit) => journeyGroup(journey, visit, results))),
];
