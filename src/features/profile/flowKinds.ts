// What a guest can choose on a profile: one of the four recognition kinds, or a gift alone.
import type { GratitudeIcon, IconsCount, UserDetails } from '../../api/types';

export type FlowKind = GratitudeIcon | 'gift';

export interface KindAction {
  kind: GratitudeIcon;
  label: string;
  countKey: keyof IconsCount;
}

/** Spec section 2: the four action buttons and the counts they show. */
export const KIND_ACTIONS: readonly KindAction[] = [
  { kind: 'RECOGNITION', label: 'Recognize', countKey: 'handshakeCount' },
  { kind: 'APPRECIATION', label: 'Appreciate', countKey: 'thumbsupCount' },
  { kind: 'CELEBRATION', label: 'Celebrate', countKey: 'cleberateCount' },
  { kind: 'GRATITUDE', label: 'Gratitude', countKey: 'thankyouCount' },
];

export const isNonProfit = (user: Pick<UserDetails, 'businessType'>) =>
  user.businessType === 'NON-PROFIT';

/** Give Gift, or Donate for a non-profit. */
export const giftLabel = (user: Pick<UserDetails, 'businessType'>) =>
  isNonProfit(user) ? 'Donate' : 'Give Gift';

export function flowLabel(kind: FlowKind, user: Pick<UserDetails, 'businessType'>): string {
  if (kind === 'gift') return giftLabel(user);
  return KIND_ACTIONS.find((action) => action.kind === kind)?.label ?? kind;
}
