// The demo profiles the guest walk visits (README.md, "Demo profiles") and what a guest sees on
// each that does not change as other tests send thanks: names, labels, the team strip.

export interface WalkProfile {
  id: string;
  /** The name on the card and in the flow's title, as the page title-cases it. */
  name: string;
  /** The gift action: Give Gift, or Donate for a non-profit (spec section 2). */
  giftAction: 'Give Gift' | 'Donate';
  /** The gift form's heading and card option (a donation for a non-profit, else a tip). */
  giftTitle: 'Your tip' | 'Your donation';
  cardOption: 'Tip via Debit/Credit Card' | 'Donate via Debit/Credit Card';
  /** A workplace or non-profit with members shows 'Our Team'. */
  hasTeam: boolean;
}

const person = (id: string, name: string): WalkProfile => ({
  id,
  name,
  giftAction: 'Give Gift',
  giftTitle: 'Your tip',
  cardOption: 'Tip via Debit/Credit Card',
  hasTeam: false,
});

export const WALK_PROFILES: readonly WalkProfile[] = [
  person('ava-martinez', 'Ava Martinez'),
  { ...person('bluebird-cafe', 'Bluebird Café'), hasTeam: true },
  {
    id: 'green-earth-fund',
    name: 'Green Earth Fund',
    giftAction: 'Donate',
    giftTitle: 'Your donation',
    cardOption: 'Donate via Debit/Credit Card',
    hasTeam: true,
  },
  person('sam-lee', 'Sam Lee'),
  person('tip-only-jo', 'Jo Nakamura'),
];
