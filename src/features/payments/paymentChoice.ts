// The checks a payment option makes when it is pressed, in order: the amount, the page's own
// precondition, a payment already under way, then the captcha. Pure: the section says the outcome.
import { dollarsToCents } from '../../api/contract/fees';
import { parseAmountDollars, validateAmountForPayment } from './amountInput';
import { PAYMENT_MESSAGES } from './paymentMessages';

/** The card button, or a wallet's (their amount messages differ, spec 5). */
export type PaymentOption = 'card' | 'wallet';

export type ChoiceCheck =
  /** Go on with this amount; any message shown goes. */
  | { outcome: 'proceed'; amountCents: number }
  /** Stop and say why. */
  | { outcome: 'refuse'; message: string }
  /** Stop silently: something is already under way, and what is shown stays. */
  | { outcome: 'ignore' }
  /**
   * Stop and ask for the captcha again: this choice needs a new intent, and the captcha's
   * single-use token went to another one (the card's, when a wallet is pressed at the same
   * amount). Never "invalid Captcha" for a button the page itself showed.
   */
  | { outcome: 'askCaptcha' };

export interface ChoiceFacts {
  /** The amount field's text (whole dollars, '' when none). */
  amount: string;
  /** With a review: at least $1. */
  combined: boolean;
  option: PaymentOption;
  /** The page's own check (e.g. an empty review), asked once the amount is good. */
  precondition?: () => string | null;
  /** An intent call or a payment is under way, or the options are disabled. */
  occupied: () => boolean;
  /** Whether an intent for this amount exists, or the captcha allows making one (else it is
   *  asked for again). */
  mayObtain: (amountCents: number) => boolean;
}

/** The field's amount in cents, or null when it holds no valid amount. */
export function amountCentsOf(amount: string): number | null {
  const dollars = parseAmountDollars(amount);
  return dollars === null ? null : dollarsToCents(dollars);
}

export function checkChoice(facts: ChoiceFacts): ChoiceCheck {
  const { amount, combined, option } = facts;
  const amountMessage = validateAmountForPayment(amount, { combined, option });
  const amountCents = amountCentsOf(amount);
  if (amountMessage || amountCents === null) {
    return { outcome: 'refuse', message: amountMessage ?? PAYMENT_MESSAGES.notProcessed };
  }
  const blocked = facts.precondition?.();
  if (blocked) return { outcome: 'refuse', message: blocked };
  if (facts.occupied()) return { outcome: 'ignore' };
  if (!facts.mayObtain(amountCents)) return { outcome: 'askCaptcha' };
  return { outcome: 'proceed', amountCents };
}
