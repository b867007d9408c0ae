// The guest's interruptions in flight (issue 49): a reload, the browser's Back or the flow's arrow
// while Pay Now's confirmation or a recognition's send is held on its way (the server has acted,
// its answer waits). Each is one step: what the page shows meanwhile is checked as it happens.
import type { Locator } from '@playwright/test';
import { PAYMENT_MESSAGES } from '../../src/features/payments/paymentMessages';
import { expect } from '../fixtures';
import { fillCard } from '../payment-helpers';
import { ownDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { CONFIRM_URL, expectNoPaymentOffered, intercept, REVIEW_URL } from './interruptions';
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
import { PAYS } from '../testCards';

export const INTERRUPTIONS = ['reload', 'back', 'arrow'] as const;
export type Interruption = (typeof INTERRUPTIONS)[number];

const CONGRATULATIONS = 'Congratulations! Your recognition has been sent.';

/**
 * Whether the interruption can come: a reload restores the draft only in the tab that owns it;
 * Back goes to the flow's step before, in this document (the flow stays to tell the outcome).
 */
function interruptible(m: Readonly<WalkModel>, interruption: Interruption): boolean {
  if (interruption === 'reload') return m.stored?.mine === true;
  if (interruption !== 'back') return true;
  const target = traversalTarget(m, -1);
  return target?.doc === m.doc && target.flow?.name === openFlow(m)?.name;
}

/** How each interruption reads in a step's name. */
const DOING: Record<Interruption, string> = {
  reload: 'reload',
  back: "the browser's Back",
  arrow: "tap the flow's arrow",
};

/** The model at the moment Back has landed (before the answer is released). */
function afterBack(before: WalkModel): WalkModel {
  const m = structuredClone(before);
  traverse(m, -1);
  return m;
}

/**
 * Browser Back while something is held on its way: the step before, in this document, says what
 * is happening (`status`) instead of showing its form.
 */
async function backWhileHeld(walk: GuestPage, before: WalkModel, status: Locator): Promise<void> {
  const { page } = walk;
  await page.goBack();
  const back = afterBack(before);
  await expect.poll(() => addressOf(new URL(page.url()))).toEqual(expectedAddress(back));
  await expect(status.first()).toBeVisible();
  await expect(flowRegion(walk).getByRole('form')).toHaveCount(0);
}

const arrow = (walk: GuestPage) =>
  flowRegion(walk).getByRole('button', { name: 'Back', exact: true });

/** The flow's arrow is disabled while something is on its way: a tap on it changes nothing. */
async function tapDisabledArrow(walk: GuestPage, before: WalkModel): Promise<void> {
  await expect(arrow(walk)).toBeDisabled();
  await arrow(walk).click({ force: true });
  // Two turns of the page's event loop: a navigation it set off would have begun.
  await walk.page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
  );
  expect(addressOf(new URL(walk.page.url())), 'the address after a tap on the arrow').toEqual(
    expectedAddress(before),
  );
}

/**
 * Pay Now with the confirmation's answer held (Stripe has charged), then a reload, Back or the
 * arrow while it is held, then the answer let go: the page says it is confirming and offers
 * nothing meanwhile, and tells the payment once (after a reload, by asking Stripe).
 */
export class HeldPay extends Step {
  constructor(readonly interruption: Interruption) {
    super();
  }
  override get move() {
    return `held pay + ${this.interruption}`;
  }
  check(m: Readonly<WalkModel>) {
    return (
      paymentShown(m) &&
      m.gift?.cardForm === true &&
      ownDraft(m) !== null &&
      interruptible(m, this.interruption)
    );
  }
  update(m: WalkModel) {
    const draft = ownDraft(m);
    const scope = m.gift!.scope;
    if (this.interruption === 'reload') reloadEntry(m);
    if (this.interruption === 'back') traverse(m, -1);
    paid(m, scope, draft);
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    const { page } = walk;
    const confirming = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.confirming });
    const held = await intercept(page, CONFIRM_URL);
    try {
      await fillCard(page, PAYS);
      await giftRegion(walk).getByRole('button', { name: 'Pay Now' }).click();
      await held.reached;
      await expect(confirming.first()).toBeVisible();
      await expect(arrow(walk)).toBeDisabled();
      await expectNoPaymentOffered(page, 'while its confirmation is on its way');
      if (this.interruption === 'reload') {
        await page.reload();
        // Stripe is asked: 'succeeded', then the profile congratulates.
        await expect(
          page
            .getByText(PAYMENT_MESSAGES.succeeded, { exact: true })
            .or(page.getByRole('dialog', { name: CONGRATULATIONS })),
        ).toBeVisible();
      } else if (this.interruption === 'back') {
        await backWhileHeld(walk, before, confirming);
        await expectNoPaymentOffered(page, 'after Back while confirming');
      } else {
        await tapDisabledArrow(walk, before);
      }
      held.release();
      await arrived(walk, m);
    } finally {
      await held.done();
    }
  }
  toString() {
    return `pay with 4242 and ${DOING[this.interruption]} while it is confirming`;
  }
}

/**
 * Submit with the recognition's answer held (the API has it), then a reload, Back or the arrow:
 * the page says it is sending; after a reload the draft is there again (its send's key with it:
 * Submit again is the same recognition); otherwise the answer, let go, congratulates.
 */
export class HeldSend extends Step {
  constructor(readonly interruption: Interruption) {
    super();
  }
  override get move() {
    return `held send + ${this.interruption}`;
  }
  check(m: Readonly<WalkModel>) {
    return reviewReady(m) && interruptible(m, this.interruption);
  }
  update(m: WalkModel) {
    const draft = ownDraft(m)!;
    if (this.interruption === 'reload') {
      draft.published = true;
      reloadEntry(m);
      return;
    }
    if (this.interruption === 'back') traverse(m, -1);
    sent(m, draft);
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    const { page } = walk;
    const sending = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.sending });
    const held = await intercept(page, REVIEW_URL);
    try {
      await reviewForm(walk).getByRole('button', { name: 'Submit' }).click();
      await held.reached;
      await expect(sending.first()).toBeVisible();
      await expect(arrow(walk)).toBeDisabled();
      if (this.interruption === 'reload') {
        await page.reload();
      } else if (this.interruption === 'back') {
        await backWhileHeld(walk, before, sending);
        held.release();
      } else {
        await tapDisabledArrow(walk, before);
        held.release();
      }
      await arrived(walk, m);
    } finally {
      await held.done();
    }
  }
  toString() {
    return `submit the recognition and ${DOING[this.interruption]} while it is sending`;
  }
}
