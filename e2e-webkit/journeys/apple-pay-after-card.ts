// Apple Pay after the card at the same amount: e2e/shared-journeys/applePayAfterCard.ts, in WebKit.
import { applePayAfterCard } from '../../e2e/shared-journeys/applePayAfterCard';
import type { JourneyContext } from '../harness';
import { guestSteps } from '../steps';

export const applePayAfterCardJourney = ({ browser, baseUrl }: JourneyContext): Promise<void> =>
  applePayAfterCard(guestSteps(browser, baseUrl), 'WebKit Card Then AP');
