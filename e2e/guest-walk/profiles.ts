// The demo profiles the guest walk visits, and what on each does not change as tests send thanks.

export interface WalkProfile {
  id: string;
  name: string;
  giftAction: 'Give Gift' | 'Donate';
  giftTitle: 'Your tip' | 'Your donation';
  cardOption: 'Tip via Debit/Credit Card' | 'Donate via Debit/Credit Card';
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
