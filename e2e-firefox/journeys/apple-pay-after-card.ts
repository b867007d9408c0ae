// Apple Pay after the card at the same amount: e2e/shared-journeys/applePayAfterCard.ts, in Firefox.
import { applePayAfterCard } from '../../e2e/shared-journeys/applePayAfterCard';
import type { JourneyContext } from '../harness';
import { guestSteps } from '../steps';

export const applePayAfterCardJourney = ({ page, baseUrl }: JourneyContext): Promise<void> =>
  applePayAfterCard(guestSteps(page, baseUrl), 'Firefox Card Then AP');
