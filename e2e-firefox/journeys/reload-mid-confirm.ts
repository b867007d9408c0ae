// A tip reloaded while Pay Now is confirming, told and charged once:
// e2e/shared-journeys/reloadMidConfirm.ts, driven in Firefox.
import { reloadMidConfirm } from '../../e2e/shared-journeys/reloadMidConfirm';
import type { JourneyContext } from '../harness';
import { guestSteps } from '../steps';

export const reloadMidConfirmJourney = ({ page, baseUrl }: JourneyContext): Promise<void> =>
  reloadMidConfirm(guestSteps(page, baseUrl), 'Reload Mid Pay');
