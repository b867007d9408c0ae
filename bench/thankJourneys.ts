// The two journeys of the `thank` section (bench/thank.ts) as a scripted guest (thankPacing.ts:
// a guest who reads and decides, or the instant one), and what the page records of them
// (thankRecorder.ts): for each step, its tap (or the photo picked) and the first frame in which
// what the guest needs next is shown and enabled. Node finds the step's required requests among
// those the page made, for the step's floor; the QR step's floor is its static copy, painted.
import type { Page, Request } from '@playwright/test';
import { SUCCESS_REDIRECT_DELAY_MS } from '../src/config/delays';
import { PHONE } from './browser';
import { round } from './format';
import { CONGRATULATIONS } from './photoBrowser';
import { think, typeInto, type Guest } from './thankPacing';
import { arm, reportOf, type Condition, type StartOn } from './thankRecorder';

/** A request a step's floor counts: one round trip, and its bytes at the phone's rates. */
interface Wire {
  what: string;
  matches: (request: Request, url: URL) => boolean;
}
const at = (what: string, path: RegExp, method = 'POST'): Wire => ({
  what,
  matches: (request, url) => request.method() === method && path.test(url.pathname),
});
const WIRES = {
  // The profile's page itself: the server resolves the link and answers with it (issue 51).
  qrPage: {
    what: 'the QR page',
    matches: (r, url) =>
      r.resourceType() === 'document' && url.searchParams.has('_branch_match_id'),
  },
  branchOpen: at('branch open', /^\/__branch\/v1\/open$/),
  captcha: at('captcha token', /\/__recaptcha\/token$/),
  intent: at('intent', /\/payment\/create-(payment|donation)-intent$/),
  paymentMethod: at('payment method', /\/v1\/payment_methods$/),
  confirm: at('confirm', /\/v1\/payment_intents\/[^/]+\/confirm$/),
  gratitude: at('gratitude post', /\/gratitude\/(image|create)-gratitude$/),
} satisfies Record<string, Wire>;

/** One visit of a journey: the page, the QR link, the guest and what they type, and the paint of
 * the static copy on the same kind of visit in this run (the QR step's floor). */
export interface Visit {
  page: Page;
  qrUrl: string;
  guest: Guest;
  guestName: string;
  words: string;
  photo: Buffer;
  staticCopyPaintMs: number;
}

interface Step {
  name: string;
  /** What the guest does first, not counted (typing, the card's numbers). */
  before?: (visit: Visit) => Promise<void>;
  /** The tap (or pick) the wait starts from. */
  act: (visit: Visit) => Promise<unknown>;
  startOn?: StartOn;
  until: Condition[];
  /** The requests the step requires: one round trip each, and their bytes. */
  wire: Wire[];
  /** The step's floor is the static copy's paint instead (the QR step). */
  staticCopyFloor?: boolean;
  /** Requests the step must not wait for: named if one was made before the step ended. */
  notDuring?: Wire[];
  delayMs?: number;
}

export interface Journey {
  name: 'tip' | 'recognition';
  steps: Step[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const exact = (text: string) => `^${escape(text)}$`;
const tap =
  (name: string | RegExp, role: 'button' | 'checkbox' = 'button') =>
  (v: Visit) =>
    v.page.getByRole(role, { name, exact: true }).tap();
/** A step: `before` (not timed), then `act`, and the wait until every condition holds. */
const step = (name: string, act: Step['act'], until: Condition[], more?: Partial<Step>): Step => ({
  name,
  act,
  until,
  wire: [],
  ...more,
});
/** Opens `url` as a scanned link opens: from a blank page (a return visit's page before it is
 * not still at work when it starts), and on as soon as it is committed (the guest may tap as soon
 * as it is painted, not after the page's `load`). */
export async function openFresh(page: Page, url: string) {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
}
/** The name the QR code's profile (bench/demo.ts's PROFILE, the seed's Ava) shows. */
const PROFILE_NAME = '^Ava Martinez$';
const GIVE_GIFT = exact('Give Gift');
const RECOGNIZE = '^Recognize';
/** The QR link opened: the profile's name (its card) and `button` painted, as the server's page
 * shows them before the app's scripts run (a tap then is replayed once the page works). */
const openProfile = (button: string) =>
  step(
    'open the profile (QR link)',
    (v) => openFresh(v.page, v.qrUrl),
    [{ heading: PROFILE_NAME }, { button }],
    {
      startOn: 'origin',
      wire: [WIRES.qrPage],
      staticCopyFloor: true,
      // Branch's session is opened at idle, for attribution: not before the profile shows.
      notDuring: [WIRES.branchOpen],
    },
  );
/** The static copy's paint is timed until this: the open step's conditions for both journeys. */
export const STATIC_COPY_OPEN = {
  name: 'the static copy painted',
  until: [{ heading: PROFILE_NAME }, { button: GIVE_GIFT }, { button: RECOGNIZE }],
} satisfies { name: string; until: Condition[] };

const typeGuest = {
  before: async (v: Visit) => {
    await typeInto(v.page, v.guest, 'Full Name', v.guestName);
    await typeInto(v.page, v.guest, 'Email', 'bench@example.com');
  },
};
export const FULL_NAME: Condition = { field: exact('Full Name') };
const CONGRATULATED: Condition = { dialog: exact(CONGRATULATIONS) };
const CAPTCHA = "I'm not a robot";
const CARD_OPTION = /^Tip via Debit\/Credit Card/;

const pickPhoto = (v: Visit) =>
  v.page
    .getByLabel('Attach photos or a video')
    .setInputFiles({ name: 'IMG_0036.jpg', mimeType: 'image/jpeg', buffer: v.photo });

async function fillCard(v: Visit) {
  await typeInto(v.page, v.guest, 'Card number', '4242 4242 4242 4242', '4242424242424242');
  await typeInto(v.page, v.guest, 'Expiration date', '12 / 34', '1234');
  await typeInto(v.page, v.guest, 'Security code', '123');
  await typeInto(v.page, v.guest, 'ZIP', '10001');
}

export const JOURNEYS: Journey[] = [
  {
    name: 'tip',
    steps: [
      openProfile(GIVE_GIFT),
      step('Give Gift -> Full Name', tap('Give Gift'), [FULL_NAME]),
      step('Submit -> $10', tap('Submit'), [{ button: exact('$10') }], typeGuest),
      step('$10 -> the captcha', tap('$10'), [{ field: exact(CAPTCHA) }]),
      step(
        'captcha ticked -> card option',
        tap(CAPTCHA, 'checkbox'),
        [{ button: CARD_OPTION.source }],
        {
          wire: [WIRES.captcha],
        },
      ),
      step(
        'card option -> card form',
        tap(CARD_OPTION),
        [{ button: exact('Pay Now') }, { field: exact('Card number') }],
        {
          wire: [WIRES.intent],
        },
      ),
      step('Pay Now -> Congratulations', tap('Pay Now'), [CONGRATULATED], {
        before: fillCard,
        wire: [WIRES.paymentMethod, WIRES.confirm],
        delayMs: SUCCESS_REDIRECT_DELAY_MS,
      }),
    ],
  },
  {
    name: 'recognition',
    steps: [
      openProfile(RECOGNIZE),
      step('Recognize -> Full Name', tap(/^Recognize/), [FULL_NAME]),
      step('Submit -> Say thanks', tap('Submit'), [{ field: exact('Say thanks') }], typeGuest),
      step(
        'photo picked -> prepared',
        pickPhoto,
        [{ button: '^Remove ' }, { button: exact('Submit') }],
        {
          before: (v) => typeInto(v.page, v.guest, 'Say thanks', v.words),
          startOn: 'change',
        },
      ),
      step('Submit -> Congratulations', tap('Submit'), [CONGRATULATED], {
        wire: [WIRES.gratitude],
      }),
    ],
  },
];

/** The first step of a journey (the QR link's): its context's recorder opens it (recorderFor). */
export const openStepOf = (journey: Journey) => {
  const { name, until } = journey.steps[0]!;
  return { name, until };
};

/** Transferred bytes: the response as received (headers too), and the body as sent (Chromium
 * puts its length among the headers it sent). */
async function bytesOf(request: Request) {
  const sizes = await request.sizes().catch(() => null);
  const headers: Record<string, string> = await request.allHeaders().catch(() => ({}));
  const sent = Number(headers['content-length']);
  return {
    down: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
    up: Number.isFinite(sent) ? sent : (sizes?.requestBodySize ?? 0),
  };
}

/** The server's own time for Branch's answer (`Server-Timing: branch;dur=<ms>`, linkPages.ts),
 * or null: the server did not answer with its page (it left the link to the browser). */
async function branchMsOf(request: Request | undefined): Promise<number | null> {
  const timing = await (await request?.response())?.headerValue('server-timing');
  const ms = /(?:^|,)\s*branch;dur=([\d.]+)/.exec(timing ?? '')?.[1];
  return ms === undefined ? null : Number(ms);
}

/** When Node saw each request (epoch ms): a little after the page made it. */
const seenAt = new WeakMap<Request, number>();

const path = (r: Request) => `${r.method()} ${new URL(r.url()).pathname}`;

/** A step's floor: a round trip for each required request made, their bytes at the phone's
 * rates, and the spec's delay (the QR step: its static copy's paint). A required request the
 * step did not make is named, and so is one made that it must not wait for. */
async function floorOf(step: Step, made: Request[], visit: Visit, shown: number) {
  const found = step.wire.map((w) => made.find((r) => w.matches(r, new URL(r.url()))));
  const bytes = await Promise.all(found.map((r) => (r ? bytesOf(r) : { down: 0, up: 0 })));
  const downBytes = bytes.reduce((sum, b) => sum + b.down, 0);
  const upBytes = bytes.reduce((sum, b) => sum + b.up, 0);
  const roundTrips = found.filter(Boolean).length;
  const { latency, downloadThroughput, uploadThroughput } = PHONE.network;
  const wireMs = (downBytes / downloadThroughput + upBytes / uploadThroughput) * 1000;
  const wireFloorMs = round(roundTrips * latency + wireMs + (step.delayMs ?? 0));
  // Made before the step ended: seen by Node before the page's frame (both on this machine's clock).
  const before = made.filter((r) => (seenAt.get(r) ?? Infinity) < shown);
  return {
    floorMs: step.staticCopyFloor ? visit.staticCopyPaintMs : wireFloorMs,
    floorOf: step.staticCopyFloor ? ('staticCopy' as const) : ('wire' as const),
    /** The wire's own floor (round trips, bytes, delay), also for the QR step. */
    wireFloorMs,
    roundTrips,
    delayMs: step.delayMs ?? 0,
    downBytes,
    upBytes,
    /** Each required request found: what it is, and its bytes down and up. */
    made: found.flatMap((r, i) =>
      r ? [`${path(r)}: ${bytes[i]!.down} B, ${bytes[i]!.up} B`] : [],
    ),
    notMade: step.wire.filter((_, i) => !found[i]).map((w) => w.what),
    madeDuring: (step.notDuring ?? [])
      .filter((w) => before.some((r) => w.matches(r, new URL(r.url()))))
      .map((w) => w.what),
    branchMs: step.staticCopyFloor ? await branchMsOf(found[0]) : null,
  };
}

export type StepResult = { step: string; waitMs: number } & Awaited<ReturnType<typeof floorOf>>;

/** Walks the journey once from the QR link; each step's wait and floor. */
export async function walk(visit: Visit, journey: Journey): Promise<StepResult[]> {
  const { page } = visit;
  const made: Request[] = [];
  const onRequest = (request: Request) => {
    seenAt.set(request, Date.now());
    made.push(request);
  };
  page.on('request', onRequest);
  try {
    const results: StepResult[] = [];
    for (const step of journey.steps) {
      await step.before?.(visit);
      const { name, until, startOn = 'pointerdown' } = step;
      if (startOn !== 'origin') {
        // Reads what the step showed and decides, then taps: M (the paced guest only).
        await think(visit.guest);
        await arm(page, name, until, startOn);
      }
      const report = reportOf(page, name);
      const from = made.length;
      await step.act(visit);
      const { start, shown } = await report.catch((error: unknown) => {
        throw new Error(`${journey.name}, ${step.name}: the page never reported it shown`, {
          cause: error,
        });
      });
      if (start === null || shown === null) throw new Error(`${step.name}: reported unfinished`);
      const floor = await floorOf(step, made.slice(from), visit, shown);
      results.push({ step: step.name, waitMs: round(shown - start), ...floor });
    }
    return results;
  } finally {
    page.off('request', onRequest);
  }
}
