// Interruptions in flight (issue 49): a reload, Back or the flow's arrow while Pay Now's
// confirmation or a send is held (the server has acted, its answer waits).
import type { Locator } from '@playwright/test';
import { PAYMENT_MESSAGES } from '../../src/features/payments/paymentMessages';
import { CONGRATULATIONS, fillCard } from '../driver/guest';
import { locatorOf } from '../driver/playwright';
import { driverOf, expect } from '../fixtures';
import { PAYS } from '../testCards';
import { ownDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { CONFIRM_URL, expectNoPaymentOffered, intercepting, REVIEW_URL } from './interruptions';
import {
  addressOf,
  expectedAddress,
  openFlow,
  paymentShown,
  reloadEntry,
  traversalTarget,
  traverse,
  type WalkModel,
} from './model';
import { paid, sent } from './outcomes';
import { reviewForm, reviewReady } from './reviewSteps';
import { arrived, flowRegion, giftRegion, Step } from './step';

export const INTERRUPTIONS = ['reload', 'back', 'arrow'] as const;
type Interruption = (typeof INTERRUPTIONS)[number];

const DOING: Record<Interruption, string> = {
  reload: 'reload',
  back: "the browser's Back",
  arrow: "tap the flow's arrow",
};

/** A reload restores the draft only in its tab; Back stays in the flow, to tell the outcome. */
function interruptible(m: Readonly<WalkModel>, interruption: Interruption): boolean {
  if (interruption === 'reload') return m.stored?.mine === true;
  if (interruption !== 'back') return true;
  const target = traversalTarget(m, -1);
  return target?.doc === m.doc && target.flow?.name === openFlow(m)?.name;
}

function interrupt(m: WalkModel, interruption: Interruption): void {
  if (interruption === 'reload') reloadEntry(m);
  if (interruption === 'back') traverse(m, -1);
}

/** Back while something is held: the step before says what is happening instead of its form. */
async function backWhileHeld(walk: GuestPage, before: WalkModel, status: Locator): Promise<void> {
  const { page } = walk;
  await page.goBack();
  const back = structuredClone(before);
  traverse(back, -1);
  await expect.poll(() => addressOf(page.url())).toEqual(expectedAddress(back));
  await expect(status.first()).toBeVisible();
  await expect(flowRegion(walk).getByRole('form')).toHaveCount(0);
}

const arrow = (walk: GuestPage) =>
  flowRegion(walk).getByRole('button', { name: 'Back', exact: true });

/** The flow's arrow is disabled while something is on its way: a tap on it changes nothing. */
async function tapDisabledArrow(walk: GuestPage, before: WalkModel): Promise<void> {
  await expect(arrow(walk)).toBeDisabled();
  await arrow(walk).click({ force: true });
  // A navigation the tap set off would have begun by then.
  await walk.nextTurns(100);
  expect(addressOf(walk.page.url()), 'the address after a tap on the arrow').toEqual(
    expectedAddress(before),
  );
}

/** Stripe has charged: the page says it is confirming, offers nothing, tells it once. */
export const heldPay = (interruption: Interruption) =>
  new Step({
    name: `pay with 4242 and ${DOING[interruption]} while it is confirming`,
    move: `held pay + ${interruption}`,
    check: (m) =>
      paymentShown(m) &&
      m.gift?.cardForm === true &&
      ownDraft(m) !== null &&
      interruptible(m, interruption),
    update: (m) => {
      const draft = ownDraft(m);
      const scope = m.gift!.scope;
      interrupt(m, interruption);
      paid(m, scope, draft);
    },
    act: async (walk, m, before) => {
      const { page } = walk;
      const confirming = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.confirming });
      await intercepting(walk, CONFIRM_URL, false, async (held) => {
        await fillCard(driverOf(page), PAYS);
        await giftRegion(walk).getByRole('button', { name: 'Pay Now' }).click();
        await held.reached;
        await expect(confirming.first()).toBeVisible();
        await expect(arrow(walk)).toBeDisabled();
        await expectNoPaymentOffered(page, 'while its confirmation is on its way');
        if (interruption === 'reload') {
          await page.reload();
          // Stripe is asked: 'succeeded', then the profile congratulates.
          const succeeded = page.getByText(PAYMENT_MESSAGES.succeeded, { exact: true });
          await expect(succeeded.or(locatorOf(page, CONGRATULATIONS))).toBeVisible();
        } else if (interruption === 'back') {
          await backWhileHeld(walk, before, confirming);
          await expectNoPaymentOffered(page, 'after Back while confirming');
        } else {
          await tapDisabledArrow(walk, before);
        }
        held.release();
        await arrived(walk, m);
      });
    },
  });

/** After a reload the draft is back with its send's key (Submit again is the same send). */
export const heldSend = (interruption: Interruption) =>
  new Step({
    name: `submit the recognition and ${DOING[interruption]} while it is sending`,
    move: `held send + ${interruption}`,
    check: (m) => reviewReady(m) && interruptible(m, interruption),
    update: (m) => {
      const draft = ownDraft(m)!;
      interrupt(m, interruption);
      if (interruption === 'reload') draft.published = true;
      else sent(m, draft);
    },
    act: async (walk, m, before) => {
      const { page } = walk;
      const sending = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.sending });
      await intercepting(walk, REVIEW_URL, false, async (held) => {
        await reviewForm(walk).getByRole('button', { name: 'Submit' }).click();
        await held.reached;
        await expect(sending.first()).toBeVisible();
        await expect(arrow(walk)).toBeDisabled();
        if (interruption === 'reload') await page.reload();
        else if (interruption === 'back') await backWhileHeld(walk, before, sending);
        else await tapDisabledArrow(walk, before);
        if (interruption !== 'reload') held.release();
        await arrived(walk, m);
      });
    },
  });
