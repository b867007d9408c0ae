// The guest's answers lost after the server acted (issue 49): a recognition's Submit, and the card
// option's intent call. The step is the loss and what the page says of it; the guest then goes
// on with whatever the walk does next (a reload, Submit again, the captcha and the card option).
import { TRY_AGAIN_MESSAGE } from '../../src/config/messages';
import { expect } from '../fixtures';
import { ownDraft } from './drafts';
import { expectCaptchaAskedAgain, optionsReady } from './giftSteps';
import { INTENT_URLS, intercepting, REVIEW_URL } from './interruptions';
import { intentKey } from './outcomes';
import { reviewForm, reviewReady } from './reviewSteps';
import { alertsIn, giftRegion, Step } from './step';

/** Submit whose answer is lost after the API published it: the form says to try again. */
export const lostSend = new Step({
  name: 'submit the recognition and lose its answer',
  move: 'lost send',
  check: reviewReady,
  update: (m) => (ownDraft(m)!.published = true),
  act: async (walk) => {
    const form = reviewForm(walk);
    await intercepting(walk, REVIEW_URL, true, async (lost) => {
      await form.getByRole('button', { name: 'Submit' }).click();
      await lost.reached;
      await expect(alertsIn(form)).toHaveText(TRY_AGAIN_MESSAGE);
      await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
    });
  },
});

/**
 * The card option whose intent call's answer is lost after the API made the intent (and, with a
 * review, kept the review with it): the section says to try again and asks for the captcha again.
 * The same choice again is the same request (its key is kept in the draft): the same intent.
 */
export const lostIntent = new Step({
  name: 'choose the card option and lose its answer',
  move: 'lost intent',
  check: (m) =>
    optionsReady(m) &&
    m.gift!.amount !== '' &&
    // A new intent is asked for with the captcha's token (not one spent already).
    m.gift!.intent !== intentKey(m.gift!, 'card') &&
    !m.gift!.tokenSpent,
  update: (m) =>
    Object.assign(m.gift!, {
      captcha: 'unticked',
      tokenSpent: false,
      cardForm: false,
      failed: true,
    }),
  act: async (walk, _m, before) => {
    const { giftAction, cardOption } = walk.profile;
    const url =
      before.gift!.scope === 'review'
        ? INTENT_URLS.review
        : INTENT_URLS[giftAction === 'Donate' ? 'donation' : 'tip'];
    await intercepting(walk, url, true, async (lost) => {
      await giftRegion(walk).getByRole('button', { name: cardOption }).click();
      await lost.reached;
      await expectCaptchaAskedAgain(walk, TRY_AGAIN_MESSAGE);
    });
  },
});
