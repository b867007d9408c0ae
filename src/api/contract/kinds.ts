// The four gratitude kinds and what each is called where (spec sections 2 and 3), and the
// profile-type rule that turns a tip into a donation. The one table every part reads.
import type { GratitudeIcon, IconsCount, UserDetails } from './types';

export interface GratitudeKind {
  /** How the kind is named (the review form's choice, a feed card's label). */
  label: string;
  /** The profile's action button that opens a flow for it. */
  action: string;
  /** The verb of the Review Title: `{guest} {verb} {userName}`. */
  verb: string;
  /** The profile lookup's count of this kind. */
  countKey: keyof IconsCount;
}

export const GRATITUDE_KINDS: Readonly<Record<GratitudeIcon, GratitudeKind>> = {
  RECOGNITION: {
    label: 'Recognition',
    action: 'Recognize',
    verb: 'recognized',
    countKey: 'handshakeCount',
  },
  APPRECIATION: {
    label: 'Appreciation',
    action: 'Appreciate',
    verb: 'appreciated',
    countKey: 'thumbsupCount',
  },
  CELEBRATION: {
    label: 'Celebration',
    action: 'Celebrate',
    verb: 'celebrated',
    countKey: 'cleberateCount',
  },
  GRATITUDE: {
    label: 'Gratitude',
    action: 'Gratitude',
    verb: 'thanked',
    countKey: 'thankyouCount',
  },
};

/** What a guest can choose on a profile: one of the four kinds, or a gift alone. */
export type FlowKind = GratitudeIcon | 'gift';

/** Non-profits (businessType NON-PROFIT) receive donations; other profiles receive tips. */
export const isNonProfit = (user: Pick<UserDetails, 'businessType'>): boolean =>
  user.businessType === 'NON-PROFIT';

/** The gift action: Give Gift, or Donate for a non-profit. */
export const giftLabel = (user: Pick<UserDetails, 'businessType'>): string =>
  isNonProfit(user) ? 'Donate' : 'Give Gift';

/** The words of the action that opens `kind`'s flow on `user`'s profile. */
export const flowLabel = (kind: FlowKind, user: Pick<UserDetails, 'businessType'>): string =>
  kind === 'gift' ? giftLabel(user) : GRATITUDE_KINDS[kind].action;
