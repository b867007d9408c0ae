// The guest's steps in the review form: words, the gift part, Submit.
import { expect } from '../fixtures';
import { ownDraft, writeDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { atStep, openFlow, remountPayment, type WalkModel } from './model';
import { sent } from './outcomes';
import { arriving, flowRegion, giftRegion, Step } from './step';

export const reviewForm = (walk: GuestPage) =>
  flowRegion(walk).getByRole('form', { name: 'Your thanks' });

/** The review can be sent by Submit: its words typed, no gift part (which sends it with a tip). */
export const reviewReady = (m: Readonly<WalkModel>) =>
  atStep(m, 'review') && m.view?.words === true && !m.view.giftOpen && ownDraft(m) !== null;

export const typeThanks = new Step({
  name: 'type the words of thanks',
  // Words are read-only while an intent carries them (the card form is open).
  check: (m) => atStep(m, 'review') && m.view?.words === false && m.gift?.cardForm !== true,
  update: (m) => {
    writeDraft(m, (draft) => (draft.words = true), openFlow(m)!.name);
    m.view!.words = true;
    // What the gift part's intent would carry changed: a spent captcha token goes.
    const gift = m.gift;
    if (gift) gift.failed = false;
    if (gift?.tokenSpent) Object.assign(gift, { captcha: 'unticked', tokenSpent: false });
  },
  act: async (walk, m) => {
    const field = reviewForm(walk).getByLabel('Say thanks');
    await field.fill(walk.wordsOf(m.working!));
    await expect(field).toHaveValue(walk.wordsOf(m.working!));
  },
});

export const addGift = new Step({
  name: 'add a gift to the review',
  // A lost send may have published the review: a tip would publish a second one.
  check: (m) =>
    atStep(m, 'review') && m.view?.giftOpen === false && ownDraft(m)?.published !== true,
  update: (m) => {
    writeDraft(m, (draft) => (draft.giftOpen = true), openFlow(m)!.name);
    m.view!.giftOpen = true;
    remountPayment(m);
  },
  act: async (walk) => {
    const name = walk.profile.giftAction === 'Donate' ? 'Add Donation' : 'Add Gift';
    await reviewForm(walk).getByRole('button', { name, exact: true }).click();
    await expect(giftRegion(walk)).toBeVisible();
  },
});

export const submitReview = new Step({
  name: 'submit the recognition',
  check: reviewReady,
  update: (m) => sent(m),
  act: arriving((walk) => reviewForm(walk).getByRole('button', { name: 'Submit' }).click()),
});
