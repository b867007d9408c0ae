// The words of a gift to a profile: a donation for a non-profit, a tip otherwise.
import { isNonProfit } from '../../api/contract/kinds';
import type { GiftProfile } from '../../api/contract/intentBody';

/** The card option's label, as its button begins (its fee follows). */
export const CARD_LABELS = {
  tip: 'Tip via Debit/Credit Card',
  donation: 'Donate via Debit/Credit Card',
} as const;

/** The labels of a gift to this profile. */
export function giftLabels(profile: GiftProfile) {
  const nonProfit = isNonProfit(profile);
  return {
    title: nonProfit ? 'Your donation' : 'Your tip',
    cardLabel: nonProfit ? CARD_LABELS.donation : CARD_LABELS.tip,
    walletButtonType: nonProfit ? ('donate' as const) : ('tip' as const),
  };
}
