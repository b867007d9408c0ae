// A declined card on a tip to Ava, then another card pays: e2e/shared-journeys/declinedCard.ts,
// driven in Firefox.
import { declinedCard } from '../../e2e/shared-journeys/declinedCard';
import type { JourneyContext } from '../harness';
import { guestSteps } from '../steps';

export const declinedCardJourney = ({ page, baseUrl }: JourneyContext): Promise<void> =>
  declinedCard(guestSteps(page, baseUrl), 'Declined Guest');
