// The guest's answers lost after the server acted (issue 49): a recognition's Submit, and the card
// option's intent call. The step is the loss and what the page says of it; the guest then goes
// on with whatever the walk does next (a reload, Submit again, the captcha and the card option).
import { TRY_AGAIN_MESSAGE } from '../../src/config/messages';
import { CAPTCHA } from '../driver/guest';
import { locatorOf } from '../driver/playwright';
import { expect } from '../fixtures';
import { ownDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { INTENT_URLS, loseNextAnswer, REVIEW_URL } from './interruptions';
import { paymentShown, type WalkModel } from './model';
import { intentKey } from './outcomes';
import { reviewForm, reviewReady } from './reviewSteps';
import { giftRegion, Step } from './step';

/** Submit whose answer is lost after the API published it: the form says to try again. */
export class LostSend extends Step {
  override get move() {
    return 'lost send';
  }
  check(m: Readonly<WalkModel>) {
    return reviewReady(m);
  }
  update(m: WalkModel) {
    ownDraft(m)!.published = true;
  }
  async act(walk: GuestPage) {
    const form = reviewForm(walk);
    const lost = await loseNextAnswer(walk, REVIEW_URL);
    try {
      await form.getByRole('button', { name: 'Submit' }).click();
      await lost.reached;
      await expect(form.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(TRY_AGAIN_MESSAGE);
      await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
    } finally {
      await lost.done();
    }
  }
  toString() {
    return 'submit the recognition and lose its answer';
  }
}

/**
 * The card option whose intent call's answer is lost after the API made the intent (and, with a
 * review, kept the review with it): the section says to try again and asks for the captcha again.
 * The same choice again is the same request (its key is kept in the draft): the same intent.
 */
export class LostIntent extends Step {
  override get move() {
    return 'lost intent';
  }
  check(m: Readonly<WalkModel>) {
    const gift = m.gift;
    return (
      paymentShown(m) &&
      gift?.captcha === 'ticked' &&
      gift.amount !== '' &&
      (gift.scope === 'gift' || m.view?.words === true) &&
      // A new intent is asked for with the captcha's token (not one spent already).
      gift.intent !== intentKey(gift, 'card') &&
      !gift.tokenSpent
    );
  }
  update(m: WalkModel) {
    Object.assign(m.gift!, {
      captcha: 'unticked',
      tokenSpent: false,
      cardForm: false,
      failed: true,
    });
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    const region = giftRegion(walk);
    const url =
      before.gift!.scope === 'review'
        ? INTENT_URLS.review
        : walk.profile.giftAction === 'Donate'
          ? INTENT_URLS.donation
          : INTENT_URLS.tip;
    const lost = await loseNextAnswer(walk, url);
    try {
      await region.getByRole('button', { name: walk.profile.cardOption }).click();
      await lost.reached;
      await expect(region.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        TRY_AGAIN_MESSAGE,
      );
      await expect(locatorOf(region, CAPTCHA)).not.toBeChecked();
      await expect(region.getByRole('button', { name: walk.profile.cardOption })).toHaveCount(0);
    } finally {
      await lost.done();
    }
  }
  toString() {
    return 'choose the card option and lose its answer';
  }
}
