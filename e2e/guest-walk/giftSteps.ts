// The guest's steps in a payment section (the gift step, or the review's gift part).
import { TRY_AGAIN_MESSAGE } from '../../src/config/messages';
import { PRESET_AMOUNTS } from '../../src/features/payments/amountInput';
import { CAPTCHA, fillCard, passCaptcha } from '../driver/guest';
import { locatorOf } from '../driver/playwright';
import { driverOf, expect } from '../fixtures';
import { PAYS } from '../testCards';
import { writeDraft } from './drafts';
import type { GuestPage } from './guestPage';
import { paymentShown, type GiftModel, type WalkModel } from './model';
import { intentKey, paid } from './outcomes';
import { alertsIn, arrived, arriving, giftRegion, Step } from './step';

const CAPTCHA_AGAIN = 'Please pass the captcha again to pay this way.';

type PaymentOption = 'card' | 'Apple Pay' | 'Google Pay';

/** True when it goes on: another option or amount after a spent token asks for the captcha. */
function pressOption(gift: GiftModel, option: PaymentOption): boolean {
  if (gift.intent === intentKey(gift, option) || !gift.tokenSpent) return true;
  Object.assign(gift, { captcha: 'unticked', tokenSpent: false, cardForm: false, failed: false });
  return false;
}

function intentMade(m: WalkModel, option: PaymentOption): void {
  const gift = m.gift!;
  const intent = intentKey(gift, option);
  if (gift.intent !== intent) Object.assign(gift, { tokenSpent: true, intent });
  writeDraft(m, (draft) => (draft.intent = intent), null);
}

/** The captcha passed and, in a review, its words. */
export const optionsReady = (m: Readonly<WalkModel>) =>
  paymentShown(m) &&
  m.gift?.captcha === 'ticked' &&
  (m.gift.scope === 'gift' || m.view?.words === true);

export async function expectCaptchaAskedAgain(walk: GuestPage, message = CAPTCHA_AGAIN) {
  const region = giftRegion(walk);
  await expect(alertsIn(region)).toHaveText(message);
  await expect(locatorOf(region, CAPTCHA)).not.toBeChecked();
  await expect(region.getByRole('button', { name: walk.profile.cardOption })).toHaveCount(0);
}

/** A new amount: the card form closes; a token that went to an intent is spent (spec section 2). */
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

export const PRESETS = PRESET_AMOUNTS.map(String);

export const pickPreset = (dollars: string) =>
  new Step({
    name: `pick $${dollars}`,
    check: paymentShown,
    update: (m) => changeAmount(m, dollars),
    act: async (walk, m, before) => {
      const preset = giftRegion(walk).getByRole('button', { name: `$${dollars}`, exact: true });
      await preset.click();
      await expect(preset).toHaveAttribute('aria-pressed', 'true');
      await observeCaptcha(walk, m, before);
    },
  });

export const OTHER_AMOUNTS = ['5', '25', '120'] as const;

export const typeOtherAmount = (dollars: (typeof OTHER_AMOUNTS)[number]) =>
  new Step({
    name: `type ${dollars} into Other`,
    // The same text again changes nothing (React sees no change).
    check: (m) => paymentShown(m) && m.gift?.amount !== dollars,
    update: (m) => changeAmount(m, dollars),
    act: async (walk, m, before) => {
      await giftRegion(walk).getByLabel('Other (in Dollars)').fill(dollars);
      await observeCaptcha(walk, m, before);
    },
  });

export const tickCaptcha = new Step({
  name: 'tick the captcha',
  check: (m) => paymentShown(m) && m.gift?.captcha !== 'ticked',
  update: (m) => Object.assign(m.gift!, { captcha: 'ticked', tokenSpent: false }),
  act: (walk) => passCaptcha(driverOf(walk.page)),
});

/** With an amount the card option opens the card form; without one it says so (spec section 5). */
export const chooseCard = (withAmount: boolean) =>
  new Step({
    name: withAmount ? 'choose the card option' : 'choose the card option with no amount',
    check: (m) => optionsReady(m) && (m.gift!.amount !== '') === withAmount,
    update: (m) => {
      if (!withAmount || !pressOption(m.gift!, 'card')) return;
      intentMade(m, 'card');
      Object.assign(m.gift!, { cardForm: true, failed: false });
    },
    act: async (walk, m) => {
      const region = giftRegion(walk);
      await region.getByRole('button', { name: walk.profile.cardOption }).click();
      const alert = alertsIn(region);
      if (!withAmount) return expect(alert).toHaveText('Please enter an amount before proceeding');
      if (!m.gift!.cardForm) return expectCaptchaAskedAgain(walk);
      const payNow = region.getByRole('button', { name: 'Pay Now' });
      await expect(payNow.or(alert).first()).toBeVisible();
      expect(await alert.allTextContents(), 'what the card option answered').toEqual([]);
    },
  });

export const payWithTestCard = new Step({
  name: `pay with ${PAYS}`,
  check: (m) => paymentShown(m) && m.gift?.cardForm === true,
  update: (m) => paid(m, m.gift!.scope),
  act: arriving(async (walk) => {
    await fillCard(driverOf(walk.page), PAYS);
    await giftRegion(walk).getByRole('button', { name: 'Pay Now' }).click();
  }),
});

/** Desktop Chromium's wallet (Apple Pay's: wallets.spec.ts, the WebKit and Firefox journeys). */
export const WALLETS = ['Google Pay'] as const;

/** Its sheet paid (an intent made or reused, like the card's), or closed unpaid (none). */
export const useWallet = (wallet: (typeof WALLETS)[number], pay: boolean) =>
  new Step({
    name: `${pay ? 'pay with' : 'open and close'} ${wallet}`,
    check: (m) => optionsReady(m) && m.gift!.amount !== '',
    update: (m) => {
      const gift = m.gift!;
      if (!pressOption(gift, wallet) || !pay) return;
      intentMade(m, wallet);
      paid(m, gift.scope);
    },
    act: async (walk, m, before) => {
      const region = giftRegion(walk);
      await region.getByRole('button', { name: new RegExp(wallet) }).click();
      if (before.gift!.captcha === 'ticked' && m.gift?.captcha === 'unticked') {
        return expectCaptchaAskedAgain(walk);
      }
      const sheet = walk.page.getByRole('dialog', { name: wallet });
      await sheet.getByRole('button', { name: pay ? 'Pay' : 'Cancel', exact: true }).click();
      if (pay) return arrived(walk, m);
      await expect(sheet).toHaveCount(0);
      // A sheet closed unpaid leaves the section as it was: an earlier intent call's failure too.
      expect(await alertsIn(region).allTextContents()).toEqual(
        m.gift!.failed ? [TRY_AGAIN_MESSAGE] : [],
      );
    },
  });
