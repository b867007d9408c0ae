// A declined card on a tip to Ava, then another card pays: e2e/shared-journeys/declinedCard.ts,
// driven in WebKit.
import { declinedCard } from '../../e2e/shared-journeys/declinedCard';
import type { JourneyContext } from '../harness';
import { guestSteps } from '../steps';

export const declinedCardJourney = ({ browser, baseUrl }: JourneyContext): Promise<void> =>
  declinedCard(guestSteps(browser, baseUrl), 'WebKit Declined');
