// The guest's steps in a payment section (the gift step, or the review's gift part): a preset, an
// amount in Other, the captcha, the card option (with and without an amount), a payment with
// Stripe's test card 4242, and a wallet's sheet (Apple Pay or Google Pay, paid or closed unpaid).
import { TRY_AGAIN_MESSAGE } from '../../src/config/messages';
import { PRESET_AMOUNTS } from '../../src/features/payments/amountInput';
import { CAPTCHA, fillCard, passCaptcha } from '../driver/guest';
import { locatorOf } from '../driver/playwright';
import { driverOf, expect } from '../fixtures';
import { writeDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { paymentShown, type GiftModel, type WalkModel } from './model';
import { intentKey, paid } from './outcomes';
import { arrived, giftRegion, Step } from './step';
import { PAYS } from '../testCards';

const NO_AMOUNT = 'Please enter an amount before proceeding';
const CAPTCHA_AGAIN = 'Please pass the captcha again to pay this way.';

type PaymentOption = 'card' | 'Apple Pay' | 'Google Pay';

/**
 * A payment option pressed with an amount: an intent is made once per option and amount, so the
 * same two again reuse it. Another needs a new captcha token: if the last one went to an intent,
 * the captcha is asked again (a fresh widget, the card form and the options gone, and a message
 * saying so), and the press does nothing more. True when the press goes on.
 */
export function pressOption(gift: GiftModel, option: PaymentOption): boolean {
  if (gift.intent === intentKey(gift, option) || !gift.tokenSpent) return true;
  Object.assign(gift, { captcha: 'unticked', tokenSpent: false, cardForm: false, failed: false });
  return false;
}

/**
 * An intent for this option and amount exists now (made with the token, or reused): the draft
 * keeps it, so the same choice after a reload reuses it too.
 */
function intentMade(m: WalkModel, option: PaymentOption): void {
  const gift = m.gift!;
  const intent = intentKey(gift, option);
  if (gift.intent !== intent) Object.assign(gift, { tokenSpent: true, intent });
  writeDraft(m, (draft) => (draft.intent = intent), null);
}

/**
 * Whether an option can be pressed: an amount, a passed captcha, and in the review's gift part
 * words to go with it (an empty review is refused first; the walk types its words before).
 */
const optionsReady = (m: Readonly<WalkModel>) =>
  paymentShown(m) &&
  m.gift?.captcha === 'ticked' &&
  (m.gift.scope === 'gift' || m.view?.words === true);

/** What a press that asked for the captcha again shows: the message, a fresh widget, no options. */
async function expectCaptchaAskedAgain(walk: GuestPage): Promise<void> {
  const region = giftRegion(walk);
  await expect(region.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(CAPTCHA_AGAIN);
  await expect(locatorOf(region, CAPTCHA)).not.toBeChecked();
  await expect(region.getByRole('button', { name: walk.profile.cardOption })).toHaveCount(0);
}

/**
 * A new amount: the card form closes, and a captcha token that went to an intent is single use,
 * so the captcha is asked again: a fresh, unticked widget, and no payment option until it is
 * ticked (spec section 2).
 */
function changeAmount(m: WalkModel, amount: string): void {
  const gift = m.gift!;
  Object.assign(gift, { amount, cardForm: false, failed: false } satisfies Partial<GiftModel>);
  writeDraft(m, (draft) => (draft.amount = amount), null);
  if (gift.tokenSpent) Object.assign(gift, { captcha: 'unticked', tokenSpent: false });
}

/** An app may also keep the spent token good for the new amount: then the captcha stays ticked. */
async function observeCaptcha(walk: GuestPage, m: WalkModel, before: WalkModel): Promise<void> {
  if (!before.gift!.tokenSpent) return;
  await walk.settle();
  const checkbox = locatorOf(giftRegion(walk), CAPTCHA);
  await expect(checkbox).toBeVisible();
  if (await checkbox.isChecked()) Object.assign(m.gift!, { captcha: 'ticked', tokenSpent: true });
}

/** The preset amounts, as the gift form offers them (whole dollars, as typed). */
export const PRESETS = PRESET_AMOUNTS.map(String);

export class PickPreset extends Step {
  constructor(readonly dollars: string) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return paymentShown(m);
  }
  update(m: WalkModel) {
    changeAmount(m, this.dollars);
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    const preset = giftRegion(walk).getByRole('button', { name: `$${this.dollars}`, exact: true });
    await preset.click();
    await expect(preset).toHaveAttribute('aria-pressed', 'true');
    await observeCaptcha(walk, m, before);
  }
  toString() {
    return `pick $${this.dollars}`;
  }
}

export const OTHER_AMOUNTS = ['5', '25', '120'] as const;

export class TypeOtherAmount extends Step {
  constructor(readonly dollars: (typeof OTHER_AMOUNTS)[number]) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    // The same text again changes nothing (React sees no change).
    return paymentShown(m) && m.gift?.amount !== this.dollars;
  }
  update(m: WalkModel) {
    changeAmount(m, this.dollars);
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    await giftRegion(walk).getByLabel('Other (in Dollars)').fill(this.dollars);
    await observeCaptcha(walk, m, before);
  }
  toString() {
    return `type ${this.dollars} into Other`;
  }
}

export class TickCaptcha extends Step {
  check(m: Readonly<WalkModel>) {
    return paymentShown(m) && m.gift?.captcha !== 'ticked';
  }
  update(m: WalkModel) {
    Object.assign(m.gift!, { captcha: 'ticked', tokenSpent: false } satisfies Partial<GiftModel>);
  }
  async act(walk: GuestPage) {
    await passCaptcha(driverOf(walk.page));
  }
  toString() {
    return 'tick the captcha';
  }
}

export class ChooseCard extends Step {
  /** With an amount it opens the card form; without one it says so (spec section 5). */
  constructor(readonly withAmount: boolean) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return optionsReady(m) && (m.gift!.amount !== '') === this.withAmount;
  }
  update(m: WalkModel) {
    const gift = m.gift!;
    if (!this.withAmount || !pressOption(gift, 'card')) return;
    intentMade(m, 'card');
    Object.assign(gift, { cardForm: true, failed: false });
  }
  async act(walk: GuestPage, m: WalkModel) {
    const region = giftRegion(walk);
    await region.getByRole('button', { name: walk.profile.cardOption }).click();
    const alert = region.getByRole('alert').filter({ hasText: /\S/ });
    if (!this.withAmount) {
      await expect(alert).toHaveText(NO_AMOUNT);
      return;
    }
    if (!m.gift!.cardForm) {
      await expectCaptchaAskedAgain(walk);
      return;
    }
    const payNow = region.getByRole('button', { name: 'Pay Now' });
    await expect(payNow.or(alert).first()).toBeVisible();
    expect(await alert.allTextContents(), 'what the card option answered').toEqual([]);
  }
  toString() {
    return this.withAmount ? 'choose the card option' : 'choose the card option with no amount';
  }
}

export class PayWithTestCard extends Step {
  check(m: Readonly<WalkModel>) {
    return paymentShown(m) && m.gift?.cardForm === true;
  }
  update(m: WalkModel) {
    paid(m, m.gift!.scope);
  }
  async act(walk: GuestPage, m: WalkModel) {
    await fillCard(driverOf(walk.page), PAYS);
    await giftRegion(walk).getByRole('button', { name: 'Pay Now' }).click();
    await arrived(walk, m);
  }
  toString() {
    return `pay with ${PAYS}`;
  }
}

/**
 * The wallets the walk's browser offers: desktop Chromium's own, Google Pay (the Stripe.js
 * emulator offers each platform its wallet; Apple Pay's walks are wallets.spec.ts and the WebKit
 * and Firefox journeys, through the tester's scenario).
 */
export const WALLETS = ['Google Pay'] as const;

/**
 * A wallet's button with an amount: its sheet opens (the emulated Express Checkout Element), and
 * the guest pays in it or closes it unpaid. A sheet closed unpaid makes no intent; one paid makes
 * (or reuses) the intent and goes to the profile like the card. With the captcha's token spent
 * on another intent, the press asks for the captcha again instead.
 */
export class UseWallet extends Step {
  constructor(
    readonly wallet: (typeof WALLETS)[number],
    readonly pay: boolean,
  ) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return optionsReady(m) && m.gift!.amount !== '';
  }
  update(m: WalkModel) {
    const gift = m.gift!;
    if (!pressOption(gift, this.wallet) || !this.pay) return;
    intentMade(m, this.wallet);
    paid(m, gift.scope);
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    const region = giftRegion(walk);
    await region.getByRole('button', { name: new RegExp(this.wallet) }).click();
    if (before.gift!.captcha === 'ticked' && m.gift?.captcha === 'unticked') {
      await expectCaptchaAskedAgain(walk);
      return;
    }
    const sheet = walk.page.getByRole('dialog', { name: this.wallet });
    await sheet.getByRole('button', { name: this.pay ? 'Pay' : 'Cancel', exact: true }).click();
    if (this.pay) {
      await arrived(walk, m);
      return;
    }
    await expect(sheet).toHaveCount(0);
    // A sheet closed unpaid leaves the section as it was: an earlier intent call's failure too.
    expect(await region.getByRole('alert').filter({ hasText: /\S/ }).allTextContents()).toEqual(
      m.gift!.failed ? [TRY_AGAIN_MESSAGE] : [],
    );
  }
  toString() {
    return `${this.pay ? 'pay with' : 'open and close'} ${this.wallet}`;
  }
}
