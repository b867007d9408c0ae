// The read-only Review Title of the review form (spec section 2).
import { GRATITUDE_KINDS } from '../../api/contract/kinds';
import type { GratitudeIcon } from '../../api/contract/types';

/** `{guestName} {verb} {userName}`, e.g. `Jo Doe recognized ava.martinez`. */
export function reviewTitle(guestName: string, icon: GratitudeIcon, userName: string): string {
  return `${guestName.trim()} ${GRATITUDE_KINDS[icon].verb} ${userName}`;
}
