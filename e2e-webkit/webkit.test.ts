// The main journeys in WebKit (MiniBrowser over WebDriver, on Xvfb): `npm run test:webkit`.
import { describeJourneys, type Journeys } from '../e2e/journeySuite';
import { SHARED_JOURNEYS } from '../e2e/shared-journeys';
import { webkitDriver } from './driver';
import { inFreshSession, startSuite, type JourneyContext } from './harness';
import { galleryVideoJourney } from './journeys/gallery-video';
import { qrLinkJourney } from './journeys/qr-link';
import { recognitionJourney } from './journeys/recognition';
import { AT_200_PERCENT, AT_320, reflowJourney } from './journeys/reflow';

const JOURNEYS: Journeys<JourneyContext> = [
  ...SHARED_JOURNEYS.map(([title, journey]): Journeys<JourneyContext>[number] => [
    title,
    ({ browser, baseUrl }) => journey(webkitDriver(browser, baseUrl)),
  ]),
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
    'gallery: a video plays (time moving on), and stops when fullscreen is left',
    galleryVideoJourney,
  ],
];

describeJourneys({
  title: 'WebKit journeys',
  start: startSuite,
  inFresh: inFreshSession,
  journeys: JOURNEYS,
  concurrencyVariable: 'WEBKIT_CONCURRENCY',
});
