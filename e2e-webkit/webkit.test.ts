// The main browser journeys in WebKit (Debian's WebKitGTK MiniBrowser over WebDriver, on Xvfb),
// with Node's test runner: `npm run test:webkit` after `npm run build`. One server, one X server
// and one WebKitWebDriver for the run; each journey in a WebDriver session (a browser) of its own.
import { describeJourneys, type Journeys } from '../e2e/journeySuite';
import { inFreshSession, startSuite, type JourneyContext } from './harness';
import { applePayAfterCardJourney } from './journeys/apple-pay-after-card';
import { declinedCardJourney } from './journeys/declined-card';
import { galleryVideoJourney } from './journeys/gallery-video';
import { locatedVideoJourney } from './journeys/located-video';
import { profileTabsJourney } from './journeys/profile-tabs';
import { qrLinkJourney } from './journeys/qr-link';
import { recognitionJourney } from './journeys/recognition';
import { AT_200_PERCENT, AT_320, reflowJourney } from './journeys/reflow';
import { reloadMidConfirmJourney } from './journeys/reload-mid-confirm';
import { reviewTipJourney } from './journeys/review-tip';

const JOURNEYS: Journeys<JourneyContext> = [
  [
    'Apple Pay after the card at the same amount: the captcha again, then Apple Pay pays',
    applePayAfterCardJourney,
  ],
  ['profile: Ava on a desktop and a phone, then every tab after every other', profileTabsJourney],
  [
    'reflow zoomed to 320 CSS px: profile, carousel, gallery, card form, Congratulations and its OK',
    reflowJourney(AT_320),
  ],
  [
    'reflow zoomed to 200% (196 CSS px): profile, carousel, gallery, card form, Congratulations and its OK',
    reflowJourney(AT_200_PERCENT),
  ],
  [
    "a QR code's link opens Ava's page from the server, a slow one through the page; a broken one shows Invalid QR Found",
    qrLinkJourney,
  ],
  [
    'recognition with a 12 MP phone photo: prepared upright without EXIF, sent, on top of the feed',
    recognitionJourney,
  ],
  [
    'a review with a $15 tip paid with 4242: succeeded, Congratulations, published',
    reviewTipJourney,
  ],
  [
    "a declined card (0002): Stripe's message, nothing charged, 4242 then pays",
    declinedCardJourney,
  ],
  [
    'a reload while Pay Now is confirming: confirming, then succeeded and Congratulations; one charge',
    reloadMidConfirmJourney,
  ],
  [
    'gallery: a video plays (time moving on), and stops when fullscreen is left',
    galleryVideoJourney,
  ],
  [
    'a video filmed somewhere: published without its location, with a poster, and it plays',
    locatedVideoJourney,
  ],
];

// One browser at a time on 2 cores unless WEBKIT_CONCURRENCY says otherwise.
describeJourneys({
  title: 'WebKit journeys',
  start: startSuite,
  inFresh: inFreshSession,
  journeys: JOURNEYS,
  concurrencyVariable: 'WEBKIT_CONCURRENCY',
});
