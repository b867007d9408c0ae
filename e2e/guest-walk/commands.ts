// What a guest does on a profile page, as fast-check commands for fc.commands: every step
// (step.ts: when it can happen, what it does to the model, how a guest does it), and how often
// each comes up.
import fc from 'fast-check';
import {
  ChooseCard,
  OTHER_AMOUNTS,
  PayWithTestCard,
  PickPreset,
  PRESETS,
  TickCaptcha,
  TypeOtherAmount,
  UseWallet,
  WALLETS,
} from './giftSteps';
import { HeldPay, HeldSend, INTERRUPTIONS } from './heldSteps';
import { LostIntent, LostSend } from './lostSteps';
import { initialModel, FLOWS, TABS, type Arrival, type ViewportName } from './model';
import {
  BackArrow,
  BrowserHistory,
  ContinueDraft,
  OpenFlow,
  OpenShowAddress,
  PressOk,
  Reload,
  StartNewOne,
  SubmitGuestDetails,
} from './navigationSteps';
import type { WalkProfile } from './profiles';
import { AddGift, SubmitReview, TypeThanks } from './reviewSteps';
import { SecondTab, SENDERS } from './secondTab';
import { Step, type WalkCommand } from './step';
import { ClickTab, KeyTab, Resize, ScrollGalleryToEnd, TAB_KEYS, TapTeamMember } from './pageSteps';

/**
 * How many of `steps` the model lets happen on `profile` (the others are left out, as
 * fc.asyncModelRun leaves them out), worked out on the model alone, before any browser.
 */
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

/** How often each step comes up, relative to the others (see guestSteps). */
export type StepWeights = Record<
  | 'clickTab'
  | 'keyTab'
  | 'scrollGallery'
  | 'openFlow'
  | 'openGift'
  | 'submitGuest'
  | 'backArrow'
  | 'back'
  | 'forward'
  | 'reload'
  | 'resize'
  | 'showAddress'
  | 'pressOk'
  | 'tapTeam'
  | 'preset'
  | 'otherAmount'
  | 'tickCaptcha'
  | 'chooseCard'
  | 'chooseCardWithoutAmount'
  | 'pay'
  | 'walletPay'
  | 'walletClose'
  | 'continueDraft'
  | 'startNewOne'
  | 'typeThanks'
  | 'addGift'
  | 'submitReview'
  | 'heldSend'
  | 'lostSend'
  | 'heldPay'
  | 'lostIntent'
  | 'secondTab',
  number
>;

/**
 * The weights the walk uses (tuned on the model alone, with plannedSteps). The payment section's
 * steps and the moves in flight weigh most: they are left out wherever they can't happen, and a
 * payment takes five in a row (the fixed seed then plays each move in flight a few times in 50
 * sequences). The steps that leave a flow or the modal come often enough for the tabs to get
 * their turn.
 */
export const STEP_WEIGHTS: StepWeights = {
  clickTab: 5,
  keyTab: 3,
  scrollGallery: 2,
  openFlow: 2,
  openGift: 3,
  submitGuest: 8,
  backArrow: 2,
  back: 1,
  forward: 1,
  reload: 1,
  resize: 1,
  showAddress: 1,
  pressOk: 2,
  tapTeam: 1,
  preset: 8,
  otherAmount: 1,
  tickCaptcha: 10,
  chooseCard: 16,
  chooseCardWithoutAmount: 1,
  pay: 10,
  walletPay: 4,
  walletClose: 3,
  continueDraft: 6,
  startNewOne: 2,
  typeThanks: 16,
  addGift: 3,
  submitReview: 4,
  heldSend: 16,
  lostSend: 8,
  heldPay: 24,
  lostIntent: 4,
  secondTab: 10,
};

/** Every step, as arbitraries for fc.commands (an arbitrary given n times comes up n times as often). */
export function guestSteps(weights: StepWeights = STEP_WEIGHTS): fc.Arbitrary<WalkCommand>[] {
  const steps: Record<keyof StepWeights, fc.Arbitrary<WalkCommand>> = {
    clickTab: fc.constantFrom(...TABS).map((tab) => new ClickTab(tab)),
    keyTab: fc.constantFrom(...TAB_KEYS).map((key) => new KeyTab(key)),
    scrollGallery: fc.constant(new ScrollGalleryToEnd()),
    openFlow: fc.constantFrom(...FLOWS).map((flow) => new OpenFlow(flow)),
    openGift: fc.constant(new OpenFlow('gift')),
    submitGuest: fc.constant(new SubmitGuestDetails()),
    backArrow: fc.constant(new BackArrow()),
    back: fc.constant(new BrowserHistory(-1)),
    forward: fc.constant(new BrowserHistory(1)),
    reload: fc.constant(new Reload()),
    resize: fc.constantFrom<ViewportName>('phone', 'desktop').map((size) => new Resize(size)),
    showAddress: fc.constant(new OpenShowAddress()),
    pressOk: fc.constant(new PressOk()),
    tapTeam: fc.nat({ max: 5 }).map((member) => new TapTeamMember(member)),
    preset: fc.constantFrom(...PRESETS).map((dollars) => new PickPreset(dollars)),
    otherAmount: fc.constantFrom(...OTHER_AMOUNTS).map((dollars) => new TypeOtherAmount(dollars)),
    tickCaptcha: fc.constant(new TickCaptcha()),
    chooseCard: fc.constant(new ChooseCard(true)),
    chooseCardWithoutAmount: fc.constant(new ChooseCard(false)),
    pay: fc.constant(new PayWithTestCard()),
    walletPay: fc.constantFrom(...WALLETS).map((wallet) => new UseWallet(wallet, true)),
    walletClose: fc.constantFrom(...WALLETS).map((wallet) => new UseWallet(wallet, false)),
    continueDraft: fc.constant(new ContinueDraft()),
    startNewOne: fc.constant(new StartNewOne()),
    typeThanks: fc.constant(new TypeThanks()),
    addGift: fc.constant(new AddGift()),
    submitReview: fc.constant(new SubmitReview()),
    heldSend: fc.constantFrom(...INTERRUPTIONS).map((how) => new HeldSend(how)),
    lostSend: fc.constant(new LostSend()),
    heldPay: fc.constantFrom(...INTERRUPTIONS).map((how) => new HeldPay(how)),
    lostIntent: fc.constant(new LostIntent()),
    secondTab: fc.constantFrom(...SENDERS).map((sender) => new SecondTab(sender)),
  };
  return (Object.keys(steps) as (keyof StepWeights)[]).flatMap((name) =>
    Array.from({ length: weights[name] }, () => steps[name]),
  );
}
