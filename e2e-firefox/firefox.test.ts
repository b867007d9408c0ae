// The main browser journeys in Firefox (Debian's firefox-esr over WebDriver BiDi), with Node's
// test runner: `npm run test:firefox` after `npm run build`. One server and one Firefox for the
// run; each journey in a browser context of its own.
import { describeJourneys, type Journeys } from '../e2e/journeySuite';
import { SHARED_JOURNEYS } from '../e2e/shared-journeys';
import { firefoxDriver } from './driver';
import { inFreshContext, startSuite, type JourneyContext } from './harness';
import { galleryJourney } from './journeys/gallery';
import { recognitionJourney } from './journeys/recognition';
import { tipJourney } from './journeys/tip';
import { zoomedJourney } from './journeys/zoomed';

const JOURNEYS: Journeys<JourneyContext> = [
  ...SHARED_JOURNEYS.map(([title, journey]): Journeys<JourneyContext>[number] => [
    title,
    ({ page, baseUrl }) => journey(firefoxDriver(page, baseUrl)),
  ]),
  [
    'at 200% (196 px): the Congratulations and its OK, the profile and its gallery, none scrolling sideways',
    zoomedJourney,
  ],
  ['gallery: scrolling loads pages 1, 2 and 3 and shows all 47 items', galleryJourney],
  [
    'recognition with 3 photos: progress, Congratulations, the card tops the feed',
    recognitionJourney,
  ],
  [
    'a $15 tip to Ava with 4242 at 320 px: succeeded, Congratulations and its OK, one succeeded intent',
    tipJourney,
  ],
];

// Firefox is heavy on 2 cores: one journey at a time unless FIREFOX_CONCURRENCY says otherwise.
describeJourneys({
  title: 'Firefox journeys',
  start: startSuite,
  inFresh: inFreshContext,
  journeys: JOURNEYS,
  concurrencyVariable: 'FIREFOX_CONCURRENCY',
});
