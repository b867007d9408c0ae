// The guest's steps in the gift form: a preset, an amount in Other, the captcha, the card option
// (with and without an amount) and a payment with Stripe's test card 4242.
import { expect } from '../fixtures';
import { fillCard } from '../payment-helpers';
import type { GuestPage } from './guestPage';
import { atStep, loadNewEntry, type GiftModel, type WalkModel } from './model';
import { arrived, giftRegion, Step } from './step';

const NO_AMOUNT = 'Please enter an amount before proceeding';

/**
 * A new amount: the card form closes, and a captcha token that went to an intent is single use,
 * so the captcha is asked again: a fresh, unticked widget, and no payment option until it is
 * ticked (spec section 2).
 */
function changeAmount(m: WalkModel, amount: string): void {
  const gift = m.gift!;
  Object.assign(gift, { amount, cardForm: false } satisfies Partial<GiftModel>);
  m.draftAmount = amount;
  if (gift.tokenSpent) Object.assign(gift, { captcha: 'unticked', tokenSpent: false });
}

/** An app may also keep the spent token good for the new amount: then the captcha stays ticked. */
async function observeCaptcha(walk: GuestPage, m: WalkModel, before: WalkModel): Promise<void> {
  if (!before.gift!.tokenSpent) return;
  await walk.settle();
  const checkbox = giftRegion(walk).getByRole('checkbox', { name: "I'm not a robot" });
  await expect(checkbox).toBeVisible();
  if (await checkbox.isChecked()) Object.assign(m.gift!, { captcha: 'ticked', tokenSpent: true });
}

export const PRESETS = ['10', '15', '20'] as const;

export class PickPreset extends Step {
  constructor(readonly dollars: (typeof PRESETS)[number]) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return atStep(m, 'gift');
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
    return atStep(m, 'gift') && m.gift?.amount !== this.dollars;
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
    return atStep(m, 'gift') && m.gift?.captcha !== 'ticked';
  }
  update(m: WalkModel) {
    Object.assign(m.gift!, { captcha: 'ticked', tokenSpent: false } satisfies Partial<GiftModel>);
  }
  async act(walk: GuestPage) {
    const checkbox = giftRegion(walk).getByRole('checkbox', { name: "I'm not a robot" });
    await checkbox.check();
    await expect(checkbox).toBeChecked();
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
    const gift = atStep(m, 'gift') ? m.gift : null;
    return gift?.captcha === 'ticked' && (gift.amount !== '') === this.withAmount;
  }
  update(m: WalkModel) {
    const gift = m.gift!;
    if (!this.withAmount) return;
    // An intent is made once per amount: the same amount again reuses it, with no new token.
    if (gift.intentAmount !== gift.amount) {
      Object.assign(gift, { tokenSpent: true, intentAmount: gift.amount });
    }
    gift.cardForm = true;
  }
  async act(walk: GuestPage) {
    const region = giftRegion(walk);
    await region.getByRole('button', { name: walk.profile.cardOption }).click();
    const alert = region.getByRole('alert').filter({ hasText: /\S/ });
    if (!this.withAmount) {
      await expect(alert).toHaveText(NO_AMOUNT);
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
    return atStep(m, 'gift') && m.gift?.cardForm === true;
  }
  update(m: WalkModel) {
    // Paid: a second later the page goes to the profile with redirect_status=succeeded, and the
    // draft (the guest's details, the amount) is done with.
    m.guestKnown = false;
    m.draftAmount = '';
    loadNewEntry(m, 'redirect_status=succeeded');
  }
  async act(walk: GuestPage, m: WalkModel) {
    await fillCard(walk.page, '4242 4242 4242 4242');
    await giftRegion(walk).getByRole('button', { name: 'Pay Now' }).click();
    await arrived(walk, m);
  }
  toString() {
    return 'pay with 4242 4242 4242 4242';
  }
}
