// The main browser journeys in WebKit (Debian's WebKitGTK MiniBrowser over WebDriver, on Xvfb),
// with Node's test runner: `npm run test:webkit` after `npm run build`. One server, one X server
// and one WebKitWebDriver for the run; each journey in a WebDriver session (a browser) of its own.
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

// One browser at a time on 2 cores unless WEBKIT_CONCURRENCY says otherwise.
describeJourneys({
  title: 'WebKit journeys',
  start: startSuite,
  inFresh: inFreshSession,
  journeys: JOURNEYS,
  concurrencyVariable: 'WEBKIT_CONCURRENCY',
});
