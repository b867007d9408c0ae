// The journeys Chromium, Firefox and WebKit all run on the driver seam, each with its title.
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
  [
    "a declined card (0002) at 320 px: Stripe's message, nothing charged, 4242 then pays; no sideways scroll, OK closes the Congratulations",
    declinedCard,
  ],
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
