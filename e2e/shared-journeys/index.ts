// The journeys every engine the driver seam drives runs (e2e/driver/): each written once, with the
// title its suites give it. Firefox (e2e-firefox/firefox.test.ts) and WebKit
// (e2e-webkit/webkit.test.ts) run all of them.
import type { Driver } from '../driver/driver';
import { applePayAfterCard } from './applePayAfterCard';
import { declinedCard } from './declinedCard';
import { locatedVideo } from './locatedVideo';
import { profileTabs } from './profileTabs';
import { reloadMidConfirm } from './reloadMidConfirm';
import { reviewTip } from './reviewTip';

export const SHARED_JOURNEYS: [string, (driver: Driver) => Promise<void>][] = [
  [
    'profile: Ava at 1280, 390 and 320 px (no sideways scroll, axe), her action buttons and counts, then every tab after every other',
    profileTabs,
  ],
  [
    'Apple Pay after the card at the same amount: the captcha again, then Apple Pay pays',
    applePayAfterCard,
  ],
  ["a declined card (0002): Stripe's message, nothing charged, 4242 then pays", declinedCard],
  [
    'a review with a $15 tip: no tip without words, at least $1, sent as BOTH, paid with 4242, published on the profile',
    reviewTip,
  ],
  [
    'a reload while Pay Now is confirming: confirming, then succeeded and Congratulations; one charge',
    reloadMidConfirm,
  ],
  [
    'a video carrying ©xyz, Keys and XMP locations: published without them, with a poster, and it plays',
    locatedVideo,
  ],
];
