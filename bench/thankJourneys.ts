// The two journeys of the `thank` section (bench/thank.ts) as a scripted guest, and what the
// page records of them: for each step, its tap (or the photo picked) and the first frame in which
// what the guest needs next is shown and enabled. The page times itself (an init script), so
// Playwright's round trips are not in the waits; Node only waits for its report, and finds the
// step's required requests among those the page made, for the step's floor.
import type { Page, Request } from '@playwright/test';
import { SUCCESS_REDIRECT_DELAY_MS } from '../src/config/delays';
import { PHONE } from './browser';
import { round } from './format';
import { fillGuest, GIVE_UP_MS } from './phonePage';
import { CONGRATULATIONS } from './photoBrowser';

/** What the guest needs next (names as RegExp sources); a step's conditions hold in one frame. */
export type Condition =
  | { ready: true } // the page works (data-app-ready)
  | { button: string } // a button of this name, shown and enabled
  | { field: string } // a control whose label is this, shown and enabled
  | { dialog: string } // a dialog of this title, shown
  | { heading: string }; // a top-level heading (h1) of this text, shown

type StartOn = 'origin' | 'pointerdown' | 'change';
/** The step being timed, kept in sessionStorage so that a new document goes on with it. */
interface Armed {
  name: string;
  until: Condition[];
  startOn: StartOn;
  /** Epoch ms: the tap, the file picked, or the document's time origin (the QR link opened). */
  start: number | null;
  /** Epoch ms: the first frame in which every condition held. */
  shown: number | null;
}

declare global {
  interface Window {
    __thank: { arm: (name: string, until: Condition[], startOn: StartOn) => void };
  }
}

const KEY = 'bench:thank';
const MESSAGE = 'bench:thank ';

/** Installed before the page's own scripts, in every document (serialised: self-contained). */
function thankRecorder(open: { name: string; until: Condition[] }, key: string, message: string) {
  if (window !== window.top || !location.protocol.startsWith('http')) return;
  const epoch = (at: number) => performance.timeOrigin + at;
  const save = (state: Armed) => sessionStorage.setItem(key, JSON.stringify(state));
  let armed = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Armed | null;
  // The QR code's link starts the journey: its wait runs from this document's time origin.
  if (new URLSearchParams(location.search).has('_branch_match_id')) {
    armed = { ...open, startOn: 'origin', start: performance.timeOrigin, shown: null };
    save(armed);
  }
  const nameOf = (node: Element | null) =>
    (node?.getAttribute('aria-label') ?? node?.textContent ?? '').replace(/\s+/g, ' ').trim();
  // :disabled also sees a disabled fieldset around the control.
  const usable = (node: Element | null | undefined) =>
    !!node && !node.matches(':disabled') && node.checkVisibility({ visibilityProperty: true });
  const all = (selector: string) => [...document.querySelectorAll(selector)];
  const holds = (c: Condition) => {
    if ('ready' in c) return document.documentElement.dataset.appReady === 'true';
    if ('button' in c)
      return all('button').some((b) => new RegExp(c.button).test(nameOf(b)) && usable(b));
    if ('field' in c)
      return all('label').some(
        (l) => new RegExp(c.field).test(nameOf(l)) && usable((l as HTMLLabelElement).control),
      );
    if ('heading' in c)
      return all('h1').some((h) => new RegExp(c.heading).test(nameOf(h)) && usable(h));
    return all('[role="dialog"]').some((d) => {
      const title = document.getElementById(d.getAttribute('aria-labelledby') ?? '');
      return new RegExp(c.dialog).test(nameOf(title ?? d)) && d.checkVisibility();
    });
  };
  let frame = 0;
  // Checked in the next frame after a change (when it can be painted), once the step started.
  const check = () => {
    if (!armed || armed.start === null || armed.shown !== null || frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (!armed || armed.shown !== null || !armed.until.every(holds)) return;
      armed.shown = epoch(performance.now());
      save(armed);
      console.debug(message + JSON.stringify(armed));
    });
  };
  const begin = (startOn: StartOn, at: number) => {
    if (!armed || armed.start !== null || armed.startOn !== startOn) return;
    armed.start = epoch(at);
    save(armed);
    check();
  };
  addEventListener('pointerdown', (e) => begin('pointerdown', e.timeStamp), true);
  addEventListener(
    'change',
    (e) => {
      if ((e.target as HTMLInputElement).type === 'file') begin('change', e.timeStamp);
    },
    true,
  );
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  window.__thank = {
    arm: (name, until, startOn) => {
      armed = { name, until, startOn, start: null, shown: null };
      save(armed);
    },
  };
  check();
}

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
  qrPage: {
    what: 'the QR page',
    matches: (r, url) =>
      r.resourceType() === 'document' && url.searchParams.has('_branch_match_id'),
  },
  fingerprint: at('branch fingerprint', /^\/__branch\/app\.link\/_r$/, 'GET'),
  branchOpen: at('branch open', /^\/__branch\/v1\/open$/),
  // The profile in place (a lookup), or its page if the app ever loads one.
  profile: {
    what: 'the profile',
    matches: (r, url) =>
      (r.resourceType() === 'document' && url.pathname.startsWith('/user_profile/')) ||
      (r.method() === 'POST' && url.pathname.endsWith('/gratitude/findUser')),
  },
  captcha: at('captcha token', /\/__recaptcha\/token$/),
  intent: at('intent', /\/payment\/create-(payment|donation)-intent$/),
  paymentMethod: at('payment method', /\/v1\/payment_methods$/),
  confirm: at('confirm', /\/v1\/payment_intents\/[^/]+\/confirm$/),
  gratitude: at('gratitude post', /\/gratitude\/(image|create)-gratitude$/),
} satisfies Record<string, Wire>;

/** One visit of a journey: the page, the QR link and what the guest types. */
export interface Visit {
  page: Page;
  qrUrl: string;
  guestName: string;
  words: string;
  photo: Buffer;
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
/** The QR link opened: the page works, and shows the profile's name (its card) and `button`. */
const openProfile = (button: string) =>
  step(
    'open the profile (QR link)',
    (v) => v.page.goto(v.qrUrl),
    [{ ready: true }, { heading: PROFILE_NAME }, { button }],
    {
      startOn: 'origin',
      wire: [WIRES.qrPage, WIRES.fingerprint, WIRES.branchOpen, WIRES.profile],
    },
  );
/** The name the QR code's profile (bench/demo.ts's PROFILE, the seed's Ava) shows. */
const PROFILE_NAME = '^Ava Martinez$';
const typeGuest = { before: (v: Visit) => fillGuest(v.page, v.guestName) };
const FULL_NAME: Condition = { field: exact('Full Name') };
const CONGRATULATED: Condition = { dialog: exact(CONGRATULATIONS) };
const CAPTCHA = "I'm not a robot";
const CARD_OPTION = /^Tip via Debit\/Credit Card/;

const pickPhoto = (v: Visit) =>
  v.page
    .getByLabel('Attach photos or a video')
    .setInputFiles({ name: 'IMG_0036.jpg', mimeType: 'image/jpeg', buffer: v.photo });

async function fillCard(v: Visit) {
  await v.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await v.page.getByLabel('Expiration date').fill('12 / 34');
  await v.page.getByLabel('Security code').fill('123');
  await v.page.getByLabel('ZIP').fill('10001');
}

export const JOURNEYS: Journey[] = [
  {
    name: 'tip',
    steps: [
      openProfile(exact('Give Gift')),
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
      openProfile('^Recognize'),
      step('Recognize -> Full Name', tap(/^Recognize/), [FULL_NAME]),
      step('Submit -> Say thanks', tap('Submit'), [{ field: exact('Say thanks') }], typeGuest),
      step(
        'photo picked -> prepared',
        pickPhoto,
        [{ button: '^Remove ' }, { button: exact('Submit') }],
        {
          before: (v) => v.page.getByLabel('Say thanks').fill(v.words),
          startOn: 'change',
        },
      ),
      step('Submit -> Congratulations', tap('Submit'), [CONGRATULATED], {
        wire: [WIRES.gratitude],
      }),
    ],
  },
];

/** The init script of a context that walks `journey`. */
export const recorderFor = (journey: Journey) => {
  const { name, until } = journey.steps[0]!;
  const args = [{ name, until }, KEY, MESSAGE].map((arg) => JSON.stringify(arg)).join(', ');
  return `(${thankRecorder.toString()})(${args});`;
};

/** The page's report of the step `name` (it logs it once shown). */
function reportOf(page: Page, name: string): Promise<Armed> {
  const parse = (text: string) => JSON.parse(text.slice(MESSAGE.length)) as Armed;
  const report = page
    .waitForEvent('console', {
      predicate: (m) => m.text().startsWith(MESSAGE) && parse(m.text()).name === name,
      timeout: GIVE_UP_MS * 4,
    })
    .then((m) => parse(m.text()));
  report.catch(() => undefined);
  return report;
}

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

/** A step's floor: a round trip for each required request made, their bytes at the phone's
 * rates, and the spec's delay. A required request the step did not make is named. */
async function floorOf(step: Step, made: Request[]) {
  const found = step.wire.map((w) => made.find((r) => w.matches(r, new URL(r.url()))));
  const bytes = await Promise.all(found.map((r) => (r ? bytesOf(r) : { down: 0, up: 0 })));
  const downBytes = bytes.reduce((sum, b) => sum + b.down, 0);
  const upBytes = bytes.reduce((sum, b) => sum + b.up, 0);
  const roundTrips = found.filter(Boolean).length;
  const { latency, downloadThroughput, uploadThroughput } = PHONE.network;
  const wireMs = (downBytes / downloadThroughput + upBytes / uploadThroughput) * 1000;
  const path = (r: Request) => `${r.method()} ${new URL(r.url()).pathname}`;
  return {
    floorMs: round(roundTrips * latency + wireMs + (step.delayMs ?? 0)),
    roundTrips,
    delayMs: step.delayMs ?? 0,
    downBytes,
    upBytes,
    /** Each required request found: what it is, and its bytes down and up. */
    made: found.flatMap((r, i) =>
      r ? [`${path(r)}: ${bytes[i]!.down} B, ${bytes[i]!.up} B`] : [],
    ),
    notMade: step.wire.filter((_, i) => !found[i]).map((w) => w.what),
  };
}

export type StepResult = { step: string; waitMs: number } & Awaited<ReturnType<typeof floorOf>>;

/** Walks the journey once from the QR link; each step's wait and floor. */
export async function walk(visit: Visit, journey: Journey): Promise<StepResult[]> {
  const { page } = visit;
  const made: Request[] = [];
  const onRequest = (request: Request) => made.push(request);
  page.on('request', onRequest);
  try {
    const results: StepResult[] = [];
    for (const step of journey.steps) {
      await step.before?.(visit);
      const report = reportOf(page, step.name);
      const { name, until, startOn = 'pointerdown' } = step;
      if (startOn !== 'origin') {
        await page.evaluate((a) => window.__thank.arm(a.name, a.until, a.startOn), {
          name,
          until,
          startOn,
        });
      }
      const from = made.length;
      await step.act(visit);
      const { start, shown } = await report.catch((error: unknown) => {
        throw new Error(`${journey.name}, ${step.name}: the page never reported it shown`, {
          cause: error,
        });
      });
      if (start === null || shown === null) throw new Error(`${step.name}: reported unfinished`);
      const floor = await floorOf(step, made.slice(from));
      results.push({ step: step.name, waitMs: round(shown - start), ...floor });
    }
    return results;
  } finally {
    page.off('request', onRequest);
  }
}
