// The guest's steps in the review form: the draft's words typed, the gift part opened (Add Gift or
// Add Donation) and the recognition sent.
import { expect } from '../fixtures';
import { ownDraft, writeDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { atStep, openFlow, remountPayment, type WalkModel } from './model';
import { sent } from './outcomes';
import { arrived, flowRegion, Step } from './step';

export const reviewForm = (walk: GuestPage) =>
  flowRegion(walk).getByRole('form', { name: 'Your thanks' });

/** The review can be sent by Submit: its words typed, no gift part (which sends it with a tip). */
export const reviewReady = (m: Readonly<WalkModel>) =>
  atStep(m, 'review') && m.view?.words === true && !m.view.giftOpen && ownDraft(m) !== null;

/** The draft's own words (each draft's are its own, so the feed can be counted per draft). */
export class TypeThanks extends Step {
  check(m: Readonly<WalkModel>) {
    // Words are read-only while an intent carries them (the card form is open).
    return atStep(m, 'review') && m.view?.words === false && m.gift?.cardForm !== true;
  }
  update(m: WalkModel) {
    writeDraft(m, (draft) => (draft.words = true), openFlow(m)!.name);
    m.view!.words = true;
    // What the gift part's intent would carry changed: its chosen option goes (and a spent
    // captcha token with it).
    const gift = m.gift;
    if (gift) gift.failed = false;
    if (gift?.tokenSpent) Object.assign(gift, { captcha: 'unticked', tokenSpent: false });
  }
  async act(walk: GuestPage, m: WalkModel) {
    const field = reviewForm(walk).getByLabel('Say thanks');
    await field.fill(walk.wordsOf(m.working!));
    await expect(field).toHaveValue(walk.wordsOf(m.working!));
  }
  toString() {
    return 'type the words of thanks';
  }
}

/** Add Gift (Add Donation for a non-profit): the payment section opens in the review. */
export class AddGift extends Step {
  check(m: Readonly<WalkModel>) {
    // A send whose answer was lost may have published the review: with a tip it would be a
    // second one, so the form offers only Submit (the same send) until it is told.
    return atStep(m, 'review') && m.view?.giftOpen === false && ownDraft(m)?.published !== true;
  }
  update(m: WalkModel) {
    writeDraft(m, (draft) => (draft.giftOpen = true), openFlow(m)!.name);
    m.view!.giftOpen = true;
    remountPayment(m);
  }
  async act(walk: GuestPage) {
    const name = walk.profile.giftAction === 'Donate' ? 'Add Donation' : 'Add Gift';
    await reviewForm(walk).getByRole('button', { name, exact: true }).click();
    await expect(
      flowRegion(walk).getByRole('region', { name: walk.profile.giftTitle }),
    ).toBeVisible();
  }
  toString() {
    return 'add a gift to the review';
  }
}

/** Submit: the recognition is sent, and the profile congratulates in place (`?show=true`). */
export class SubmitReview extends Step {
  check(m: Readonly<WalkModel>) {
    return reviewReady(m);
  }
  update(m: WalkModel) {
    sent(m);
  }
  async act(walk: GuestPage, m: WalkModel) {
    await reviewForm(walk).getByRole('button', { name: 'Submit' }).click();
    await arrived(walk, m);
  }
  toString() {
    return 'submit the recognition';
  }
}
