// The `thank` section (issue 36, re-based in issue 51): the waits a guest feels on the throttled
// phone, from the QR code's link to the Congratulations, tap by tap, for a tip by card and a
// recognition with a 12 MP photo, on a first visit (empty cache) and a return visit in the same
// browser, each step beside its floor: the QR step's is the same page as the server answers it,
// saved without its scripts (its static copy) and painted on the same phone in the same run; the
// others' what the wire and the spec require. Walked by a guest who reads and decides (KLM pacing,
// thankPacing.ts) and by the instant guest, the worst case. On its own preview: its payments and
// recognitions stay out of the shared data.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { makePhonePhoto } from '../scripts/phonePhotos';
import { phoneContext } from './browser';
import { PROFILE } from './demo';
import { round } from './format';
import type { Section } from './harness';
import { startStaticCopies } from './staticCopy';
import {
  thankFigures,
  VISITS,
  type JourneyRun,
  type ThankResults,
  type VisitKind,
} from './thankFigures';
import {
  FULL_NAME,
  JOURNEYS,
  openFresh,
  openStepOf,
  STATIC_COPY_OPEN,
  walk,
} from './thankJourneys';
import { GUESTS, think } from './thankPacing';
import { arm, OPEN_MARK, recorderFor, reportOf } from './thankRecorder';

/** Medians of 3 (BENCH_THANK_RUNS: another count, for working on the harness). */
const RUNS = Math.max(1, Number(process.env.BENCH_THANK_RUNS ?? 3) || 3);
/** The QR code's link: the server asks Branch (the mock API's emulator) and answers with Ava's
 * profile in place (issue 51). */
const QR_PATH = '/?_branch_match_id=qr-ava';

/** Gives the static copy a tap of its own, as plain as a page can make one (run in the page): Give
 * Gift swaps the tabs for a form of two fields and focuses the first, with no framework. */
function plainGiveGift() {
  const button = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'Give Gift',
  );
  const tabs = document.querySelector('[role="tablist"]')?.parentElement;
  if (!button || !tabs) throw new Error('the static copy has no Give Gift or no tabs');
  button.addEventListener('click', () => {
    const form = document.createElement('form');
    form.innerHTML =
      '<label for="n">Full Name</label><input id="n"><label for="e">Email</label><input id="e">';
    tabs.replaceWith(form);
    form.querySelector('input')?.focus();
  });
}

/** The static copy's tap: from Give Gift to its form shown, timed as the journeys' taps are (the
 * page idle first, as the paced guest leaves it). What the browser alone takes for a tap and a
 * frame on this phone: no in-page step of the app can wait less. */
async function staticTapMs(page: Page): Promise<number> {
  await page.evaluate(plainGiveGift);
  await think('paced');
  const name = 'the static copy tapped';
  await arm(page, name, [FULL_NAME], 'pointerdown');
  const report = reportOf(page, name);
  await page.getByRole('button', { name: 'Give Gift', exact: true }).tap();
  const { start, shown } = await report;
  if (start === null || shown === null) throw new Error('the static tap: reported unfinished');
  return round(shown - start);
}

/** The static copy painted (its name and buttons shown, as the QR step ends) on a first visit
 * (a fresh context) and a return visit (the same context again), from each document's origin;
 * and, when asked, its tap on each visit. */
async function staticCopyPaints(browser: Browser, url: string, withTap: boolean) {
  const initScripts = [recorderFor(STATIC_COPY_OPEN)];
  const { context, page } = await phoneContext(browser, { slowCpu: true, initScripts });
  const opened = new URL(url);
  opened.searchParams.set(OPEN_MARK, '');
  try {
    const paints = {} as Record<VisitKind, number>;
    const taps = {} as Record<VisitKind, number>;
    for (const visit of VISITS) {
      const report = reportOf(page, STATIC_COPY_OPEN.name);
      await openFresh(page, opened.href);
      const { start, shown } = await report;
      if (start === null || shown === null) throw new Error('the static copy: reported unfinished');
      paints[visit] = round(shown - start);
      if (withTap) taps[visit] = await staticTapMs(page);
    }
    return { paints, taps };
  } finally {
    await context.close();
  }
}

/** RUNS rounds; in each, the static copy's paints, then each guest walks each journey in a fresh
 * context, its first visit then its return visit. */
async function measureThank(
  browser: Browser,
  baseUrl: string,
  staticCopy: { url: string; bareUrl: string },
  log: (m: string) => void,
) {
  const photo = await makePhonePhoto({ seed: 36 });
  const runs: JourneyRun[] = [];
  const paintsOf = { staticCopy: [], bareStaticCopy: [], staticTap: [] } as Pick<
    ThankResults,
    'staticCopy' | 'bareStaticCopy' | 'staticTap'
  >;
  for (let run = 1; run <= RUNS; run += 1) {
    const { paints, taps } = await staticCopyPaints(browser, staticCopy.url, true);
    const bare = (await staticCopyPaints(browser, staticCopy.bareUrl, false)).paints;
    paintsOf.staticCopy.push(paints);
    paintsOf.bareStaticCopy.push(bare);
    paintsOf.staticTap.push(taps);
    log(
      `  run ${run}: the static copy painted at ${paints.first} / ${paints.return} ms (without the page's headers: ${bare.first} / ${bare.return} ms), tapped in ${taps.first} / ${taps.return} ms`,
    );
    for (const guest of GUESTS) {
      for (const journey of JOURNEYS) {
        const initScripts = [recorderFor(openStepOf(journey))];
        const { context, page } = await phoneContext(browser, { slowCpu: true, initScripts });
        try {
          for (const visit of VISITS) {
            // A guest and words of their own: no draft or card of another run is theirs.
            const tag = `${run}${visit[0]}${guest[0]} ${Date.now() % 1000}`;
            const steps = await walk(
              {
                page,
                qrUrl: `${baseUrl}${QR_PATH}`,
                guest,
                guestName: `Guest ${tag}`,
                words: `Thank you so much for today! ${tag}`,
                photo,
                staticCopyPaintMs: paints[visit],
              },
              journey,
            );
            runs.push({ journey: journey.name, guest, visit, run, steps });
            // A sent flow leaves no draft behind, so the return visit is offered none.
            const drafts = await page.evaluate(
              () => Object.keys(localStorage).filter((k) => k.startsWith('grati:draft:')).length,
            );
            const shown = steps.map((s) => `${s.waitMs}/${s.floorMs}`).join(' ');
            const branch = steps[0]?.branchMs ?? 'not the server’s page';
            log(
              `  ${guest} ${journey.name} ${visit} visit, run ${run}: waits/floors ${shown}; Branch ${branch}; drafts ${drafts}`,
            );
          }
        } finally {
          await context.close();
        }
      }
    }
  }
  return { photoBytes: photo.length, ...paintsOf, runs };
}

/** The server answers the QR link with the profile's page once it has its Branch client warm, as
 * any server that has served a request: the first request a fresh process makes to Branch can
 * miss its deadline (then the page resolves the link itself). The page, saved without scripts and
 * served with the page's own headers, is the QR step's static copy; it must be the profile's. The
 * same copy without those headers is reported beside it (what the page's policy costs). */
async function staticCopyOfQrPage(
  browser: Browser,
  baseUrl: string,
  copies: Awaited<ReturnType<typeof startStaticCopies>>,
) {
  for (let i = 0; i < 2; i += 1) await (await fetch(`${baseUrl}${QR_PATH}`)).text();
  const key = `${PROFILE}-qr`;
  const html = await copies.captureAsServed(browser, key, QR_PATH);
  if (!html.includes('Give Gift') || html.includes('deep-link-gate')) {
    throw new Error(
      `the server did not answer ${QR_PATH} with the profile's page (Branch settings? BRANCH_RESOLVE?)`,
    );
  }
  return { url: copies.urlOf(key)!, bareUrl: copies.bareUrlOf(key)! };
}

export const thankSection: Section = {
  name: 'thank',
  async run(h) {
    const dataDir = path.join(h.tmp, 'data-thank');
    await mkdir(dataDir, { recursive: true });
    const thank = await h.step(
      `thank: a tip and a recognition from the QR link (${RUNS} runs; ${GUESTS.join(' and ')} guests; first and return visits)`,
      async () => {
        const server = await h.startPreview(dataDir, 'preview-thank');
        const copies = await startStaticCopies(server.baseUrl);
        return h.using(copies.close, () =>
          h.withBrowser(async (browser) => {
            const staticCopy = await staticCopyOfQrPage(browser, server.baseUrl, copies);
            return measureThank(browser, server.baseUrl, staticCopy, h.log);
          }),
        );
      },
    );
    return { results: { thank }, figures: thank ? thankFigures(thank) : [] };
  },
};
