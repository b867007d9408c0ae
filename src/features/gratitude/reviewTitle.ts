// The read-only Review Title of the review form (spec section 2).
import type { GratitudeIcon } from '../../api/types';

/** The verb each recognition kind puts between the guest and the profile's userName. */
export const REVIEW_VERBS: Readonly<Record<GratitudeIcon, string>> = {
  RECOGNITION: 'recognized',
  APPRECIATION: 'appreciated',
  CELEBRATION: 'celebrated',
  GRATITUDE: 'thanked',
};

/** `{guestName} {verb} {userName}`, e.g. `Jo Doe recognized ava.martinez`. */
export function reviewTitle(guestName: string, icon: GratitudeIcon, userName: string): string {
  return `${guestName.trim()} ${REVIEW_VERBS[icon]} ${userName}`;
}
