// What must hold after every step: the page as the model says, no errors, paid once, sent once.
import type { Locator } from '@playwright/test';
import { UNSETTLED_SEND_NOTE } from '../../src/config/messages';
import { CAPTCHA, CONGRATULATIONS } from '../driver/guest';
import { anyOf, locatorOf } from '../driver/playwright';
import { TAB_CONTENT } from '../driver/tabContent';
import { expect } from '../fixtures';
import { ownDraft, SENT_ELSEWHERE_MESSAGE, sentElsewhere } from './drafts';
import type { GuestPage } from './guestPage';
import { offeredPayments } from './interruptions';
import { checkOnceEach, type DraftRecord } from './ledger';
import { addressOf, expectedAddress, modalOpen, openFlow, TABS, type WalkModel } from './model';

type Expect = typeof expect;

const CAPTCHA_EXPIRED = 'Verification expired. Check the checkbox again.';

/** With faults on, a part that could not load may offer 'Try again': a guest presses it. */
async function checkTabs(walk: GuestPage, m: WalkModel, ex: Expect): Promise<void> {
  const { page } = walk;
  await ex(page.getByRole('tablist', { name: 'Profile' })).toBeVisible();
  await ex(page.getByRole('tab', { name: m.tab, selected: true })).toBeVisible();
  // The profile offers the stored draft, whoever's it is (a fresh tap does not bring it back).
  const continueDraft = page.getByRole('button', { name: 'Continue your draft' });
  if (m.stored) await ex(continueDraft).toBeVisible();
  else ex(await continueDraft.count(), 'the profile offers a draft that is not kept').toBe(0);
  const panel = page.getByRole('tabpanel', { name: m.tab });
  await ex(panel).toBeVisible();
  const own = anyOf(panel, [...TAB_CONTENT[m.tab].marks, ...TAB_CONTENT[m.tab].meanwhile]);
  const others = TABS.filter((tab) => tab !== m.tab);
  const anyContent = others.reduce((all, tab) => all.or(anyOf(panel, TAB_CONTENT[tab].marks)), own);
  const retry = panel.getByRole('button', { name: 'Try again' });
  await ex(anyContent.or(retry).first()).toBeVisible();
  if (walk.faults && (await retry.count()) > 0) {
    await retry.first().click();
    await ex(anyContent.first()).toBeVisible();
  }
  // Once something shows, at once: another tab's content must not be there.
  for (const tab of others) {
    const count = await anyOf(panel, TAB_CONTENT[tab].marks).count();
    ex(count, `the ${m.tab} panel shows ${tab} content`).toBe(0);
  }
  await ex(own.first()).toBeVisible();
  if (m.tab === 'Socials') {
    await ex(panel.getByRole('listitem')).toHaveText([
      /^Facebook\s*(\S+\.\S+|NA)$/,
      /^Instagram\s*(\S+\.\S+|NA)$/,
      /^LinkedIn\s*(\S+\.\S+|NA)$/,
    ]);
  }
}

async function checkFlow(walk: GuestPage, m: WalkModel, ex: Expect): Promise<void> {
  const { page, profile } = walk;
  const flow = openFlow(m)!;
  const action =
    flow.name === 'gift' ? profile.giftAction : flow.name[0]!.toUpperCase() + flow.name.slice(1);
  const region = page.getByRole('region', { name: `${action} ${profile.name}`, exact: true });
  await ex(region).toBeVisible();
  await ex(page.getByRole('tablist')).toHaveCount(0);
  const step = {
    guest: region.getByRole('form', { name: 'Your details' }),
    review: region.getByRole('form', { name: 'Your thanks' }),
    gift: region.getByRole('region', { name: profile.giftTitle }),
  };
  if (sentElsewhere(m)) {
    // Its draft was sent from another tab: it says so, and offers nothing of it.
    await ex(region.getByRole('alert').filter({ hasText: SENT_ELSEWHERE_MESSAGE })).toBeVisible();
    await ex(region.getByRole('button', { name: 'Start a new one' })).toBeVisible();
    for (const [name, form] of Object.entries(step)) {
      ex(await form.count(), `the ${name} step shows with a draft sent elsewhere`).toBe(0);
    }
    return;
  }
  await ex(step[flow.step]).toBeVisible();
  const giftPart = flow.step === 'review' && m.view?.giftOpen === true;
  for (const [name, form] of Object.entries(step)) {
    if (name === flow.step || (name === 'gift' && giftPart)) continue;
    ex(await form.count(), `the ${name} step shows too`).toBe(0);
  }
  if (flow.step === 'review') {
    const submit = step.review.getByRole('button', { name: 'Submit' });
    if (giftPart) {
      await ex(step.gift).toBeVisible();
      ex(await submit.count(), 'Submit shows beside the gift part').toBe(0);
    } else {
      await ex(submit).toBeVisible();
      // A review whose send may have gone through takes no tip: it would publish it again.
      const addGift = step.review.getByRole('button', {
        name: profile.giftAction === 'Donate' ? 'Add Donation' : 'Add Gift',
        exact: true,
      });
      const unsettled = ownDraft(m)?.published === true;
      ex(await addGift.count(), 'Add Gift shows for a review that may have been sent').toBe(
        unsettled ? 0 : 1,
      );
      if (unsettled) await ex(step.review.getByText(UNSETTLED_SEND_NOTE)).toBeVisible();
    }
  }
  if (m.gift) await checkGift(m, region, ex);
}

/** A payment option shows only with a passed captcha (spec section 2). */
async function checkGift(m: WalkModel, region: Locator, ex: Expect): Promise<void> {
  const gift = m.gift!;
  const checkbox = locatorOf(region, CAPTCHA);
  await ex(checkbox).toBeVisible();
  const expired = region.getByRole('status').filter({ hasText: CAPTCHA_EXPIRED });
  // The emulator's token expires after two minutes, as Google's does: the widget asks again.
  if (gift.captcha === 'ticked' && (await expired.count()) > 0) gift.captcha = 'expired';
  if (gift.captcha === 'ticked') await ex(checkbox).toBeChecked();
  else await ex(checkbox).not.toBeChecked();
  const cardOption = region.getByRole('button', { name: m.profile.cardOption });
  if (gift.captcha === 'unticked') {
    ex(await cardOption.count(), 'a payment option shows before the captcha').toBe(0);
  } else {
    await ex(cardOption).toBeVisible();
  }
  await ex(region.getByLabel('Other (in Dollars)')).toHaveValue(gift.amount);
  const payNow = region.getByRole('button', { name: 'Pay Now' });
  if (gift.cardForm) await ex(payNow).toBeVisible();
  else ex(await payNow.count(), 'the card form shows').toBe(0);
}

async function checkShown(walk: GuestPage, m: WalkModel, ex: Expect): Promise<void> {
  const { page, profile } = walk;
  await ex(page).toHaveURL((url) => url.pathname === `/user_profile/${profile.id}`);
  await ex
    .poll(() => addressOf(page.url()), { message: 'the flow and step in the address' })
    .toEqual(expectedAddress(m));
  // Where the page is in its history (Chromium's Navigation API: this origin's entries, in order).
  const place = await page.evaluate(() => {
    const { navigation } = window as unknown as {
      navigation: { currentEntry: { index: number }; entries: () => unknown[] };
    };
    return { index: navigation.currentEntry.index, length: navigation.entries().length };
  });
  ex(place, 'the history entry (index) and how many there are').toEqual({
    index: m.index,
    length: m.history.length,
  });
  if (modalOpen(m)) {
    await ex(locatorOf(page, CONGRATULATIONS)).toBeVisible();
    return;
  }
  ex(await page.getByRole('dialog').count(), 'a dialog is open').toBe(0);
  await ex(page.getByRole('heading', { level: 1, name: profile.name })).toBeVisible();
  if (openFlow(m)) await checkFlow(walk, m, ex);
  else await checkTabs(walk, m, ex);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const relabel = (label: string, error: unknown) =>
  new Error(`${label}:\n${messageOf(error)}`, { cause: error });

export async function labelled(label: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    throw relabel(label, error);
  }
}

const DOWN = 'the page says "Something went wrong"';

/** The error screen (ErrorBoundary's), not a form's 'Something went wrong. Please try again.'. */
const isDown = async (walk: GuestPage) =>
  (await walk.page.getByText('Something went wrong', { exact: true }).count()) > 0;

/** A paid draft (by the model or the mock API) is offered no payment; a fresh tap's is new. */
async function checkNothingOfferedForPaid(walk: GuestPage, m: WalkModel, records: DraftRecord[]) {
  const n = m.working;
  if (n === null || n === undefined || !openFlow(m)) return [];
  if (!m.drafts[n]!.paid && !(records[n]!.succeeded > 0)) return [];
  const offered = await offeredPayments(walk.page);
  return offered.length === 0
    ? []
    : [`the page offers ${offered.join(', ')} for draft ${n}, which has paid`];
}

function report(walk: GuestPage, broken: string[], early: string[] = []): void {
  const list = (lines: string[]) => lines.map((line) => `  - ${line}`).join('\n');
  const reported = [...early, ...walk.take('problems')];
  if (reported.length > 0) broken.push(`the page reported:\n${list(reported)}`);
  const tolerated = walk.take('tolerated');
  if (broken.length === 0) return;
  if (tolerated.length > 0) {
    broken.push(`also seen, as expected (faults, a slow lookup):\n${list(tolerated)}`);
  }
  throw new Error(broken.join('\n\n'));
}

/** Throws all that fails in one report: what the page shows and reports explain each other. */
export async function checkInvariants(walk: GuestPage, m: WalkModel): Promise<void> {
  await walk.settle();
  const broken: string[] = [];
  const early = walk.take('problems');
  const { records, problems } = await checkOnceEach(walk, m);
  broken.push(...problems, ...(await checkNothingOfferedForPaid(walk, m, records)));
  if (await isDown(walk)) {
    broken.push(DOWN);
  } else {
    // A step that already went wrong is not waited on for long: the report is what matters then.
    const ex = early.length > 0 ? expect.configure({ timeout: 5_000 }) : expect;
    try {
      await checkShown(walk, m, ex);
    } catch (error) {
      broken.push(messageOf(error));
      // It may have gone down while the checks waited: that explains what they missed.
      if (await isDown(walk)) broken.unshift(DOWN);
    }
  }
  report(walk, broken, early);
}

export async function checkStillUp(walk: GuestPage): Promise<void> {
  await walk.settle();
  report(walk, (await isDown(walk)) ? [DOWN] : []);
}
