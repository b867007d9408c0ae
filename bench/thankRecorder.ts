// What the page of the `thank` section records of itself (an init script, in every document of a
// context): for each step, its start (the tap, the photo picked, or the document's time origin)
// and the first frame in which what the guest needs next is shown and enabled. The page times
// itself, so Playwright's round trips are not in the waits; Node only waits for its report.
import type { Page } from '@playwright/test';
import { GIVE_UP_MS } from './phonePage';

/** What the guest needs next (names as RegExp sources); a step's conditions hold in one frame. */
export type Condition =
  | { ready: true } // the page works (data-app-ready)
  | { button: string } // a button of this name, shown and enabled
  | { field: string } // a control whose label is this, shown and enabled
  | { dialog: string } // a dialog of this title, shown
  | { heading: string }; // a top-level heading (h1) of this text, shown

export type StartOn = 'origin' | 'pointerdown' | 'change';
/** The step being timed, kept in sessionStorage so that a new document goes on with it. */
export interface Armed {
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
/** The query parameter that opens the first step at the document's time origin, besides the QR
 * link's own: the static copy, timed the same way as the floor of the QR step. */
export const OPEN_MARK = 'bench-open';

/** Installed before the page's own scripts, in every document (serialised: self-contained). */
function thankRecorder(
  open: { name: string; until: Condition[] },
  key: string,
  message: string,
  mark: string,
) {
  if (window !== window.top || !location.protocol.startsWith('http')) return;
  const epoch = (at: number) => performance.timeOrigin + at;
  const save = (state: Armed) => sessionStorage.setItem(key, JSON.stringify(state));
  let armed = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Armed | null;
  // The QR code's link (or the static copy) starts the step: from this document's time origin.
  const search = new URLSearchParams(location.search);
  if (search.has('_branch_match_id') || search.has(mark)) {
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

/** The init script of a context whose first step (`name`, until `until`) opens at its URL. */
export const recorderFor = (open: { name: string; until: Condition[] }) => {
  const args = [open, KEY, MESSAGE, OPEN_MARK].map((arg) => JSON.stringify(arg)).join(', ');
  return `(${thankRecorder.toString()})(${args});`;
};

/** Arms the step `name` in the page: it starts at the next `startOn`. */
export const arm = (page: Page, name: string, until: Condition[], startOn: StartOn) =>
  page.evaluate((a) => window.__thank.arm(a.name, a.until, a.startOn), { name, until, startOn });

/** The page's report of the step `name` (it logs it once shown). */
export function reportOf(page: Page, name: string): Promise<Armed> {
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
