// Answers lost after the server acted (issue 49): a recognition's Submit, the card option's intent
// call. The walk's next steps go on from what the page says.
import { TRY_AGAIN_MESSAGE } from '../../src/config/messages';
import { expect } from '../fixtures';
import { ownDraft } from './drafts';
import { expectCaptchaAskedAgain, optionsReady } from './giftSteps';
import { INTENT_URLS, intercepting, REVIEW_URL } from './interruptions';
import { intentKey } from './outcomes';
import { reviewForm, reviewReady } from './reviewSteps';
import { alertsIn, giftRegion, Step } from './step';

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

/** The same choice again is the same request (its key is kept in the draft): the same intent. */
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
