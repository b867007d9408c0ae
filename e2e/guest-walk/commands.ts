// What a guest does on a profile page, as fast-check commands, and how often each comes up.
import fc from 'fast-check';
import {
  chooseCard,
  OTHER_AMOUNTS,
  payWithTestCard,
  pickPreset,
  PRESETS,
  tickCaptcha,
  typeOtherAmount,
  useWallet,
  WALLETS,
} from './giftSteps';
import { heldPay, heldSend, INTERRUPTIONS } from './heldSteps';
import { lostIntent, lostSend } from './lostSteps';
import { initialModel, FLOWS, TABS, type Arrival, type ViewportName } from './model';
import {
  backArrow,
  browserHistory,
  continueDraft,
  openFlowStep,
  openShowAddress,
  pressOk,
  reload,
  startNewOne,
  submitGuestDetails,
} from './navigationSteps';
import { clickTab, keyTab, resize, scrollGalleryToEnd, TAB_KEYS, tapTeamMember } from './pageSteps';
import type { WalkProfile } from './profiles';
import { addGift, submitReview, typeThanks } from './reviewSteps';
import { secondTab, SENDERS } from './secondTab';
import { Step, type WalkCommand } from './step';

/** How many of `steps` the model lets happen, worked out before any browser. */
export function plannedSteps(
  profile: WalkProfile,
  arrival: Arrival,
  steps: Iterable<WalkCommand>,
): number {
  const m = initialModel(profile, arrival);
  let count = 0;
  for (const command of steps) {
    // fc.commands hands its commands over wrapped (the wrapper forwards check and run).
    const step = command instanceof Step ? command : (command as unknown as { cmd: Step }).cmd;
    if (!step.check(m)) continue;
    step.update(m);
    count += 1;
  }
  return count;
}

const one = (step: Step) => fc.constant(step);

/** Tuned with plannedSteps: payments and moves in flight weigh most (rarely possible, long). */
const WEIGHTED_STEPS: [number, fc.Arbitrary<Step>][] = [
  [5, fc.constantFrom(...TABS).map(clickTab)],
  [3, fc.constantFrom(...TAB_KEYS).map(keyTab)],
  [2, one(scrollGalleryToEnd)],
  [2, fc.constantFrom(...FLOWS).map(openFlowStep)],
  [3, one(openFlowStep('gift'))],
  [8, one(submitGuestDetails)],
  [2, one(backArrow)],
  [1, one(browserHistory(-1))],
  [1, one(browserHistory(1))],
  [1, one(reload)],
  [1, fc.constantFrom<ViewportName>('phone', 'desktop').map(resize)],
  [1, one(openShowAddress)],
  [2, one(pressOk)],
  [1, fc.nat({ max: 5 }).map(tapTeamMember)],
  [8, fc.constantFrom(...PRESETS).map(pickPreset)],
  [1, fc.constantFrom(...OTHER_AMOUNTS).map(typeOtherAmount)],
  [10, one(tickCaptcha)],
  [16, one(chooseCard(true))],
  [1, one(chooseCard(false))],
  [10, one(payWithTestCard)],
  [4, fc.constantFrom(...WALLETS).map((wallet) => useWallet(wallet, true))],
  [3, fc.constantFrom(...WALLETS).map((wallet) => useWallet(wallet, false))],
  [6, one(continueDraft)],
  [2, one(startNewOne)],
  [16, one(typeThanks)],
  [3, one(addGift)],
  [4, one(submitReview)],
  [16, fc.constantFrom(...INTERRUPTIONS).map(heldSend)],
  [8, one(lostSend)],
  [24, fc.constantFrom(...INTERRUPTIONS).map(heldPay)],
  [4, one(lostIntent)],
  [10, fc.constantFrom(...SENDERS).map(secondTab)],
];

export const guestSteps = (): fc.Arbitrary<WalkCommand>[] =>
  WEIGHTED_STEPS.flatMap(([weight, step]) => Array.from({ length: weight }, () => step));
