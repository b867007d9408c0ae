// A tip reloaded while Pay Now is confirming, told and charged once:
// e2e/shared-journeys/reloadMidConfirm.ts, driven in WebKit.
import { reloadMidConfirm } from '../../e2e/shared-journeys/reloadMidConfirm';
import type { JourneyContext } from '../harness';
import { guestSteps } from '../steps';

export const reloadMidConfirmJourney = ({ browser, baseUrl }: JourneyContext): Promise<void> =>
  reloadMidConfirm(guestSteps(browser, baseUrl), 'WebKit Reload');
