// The main journeys in Firefox (firefox-esr over WebDriver BiDi): `npm run test:firefox`.
import { describeJourneys, type Journeys } from '../e2e/journeySuite';
import { SHARED_JOURNEYS } from '../e2e/shared-journeys';
import { firefoxDriver } from './driver';
import { inFreshContext, startSuite, type JourneyContext } from './harness';
import { galleryJourney } from './journeys/gallery';
import { recognitionJourney } from './journeys/recognition';
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
];

describeJourneys({
  title: 'Firefox journeys',
  start: startSuite,
  inFresh: inFreshContext,
  journeys: JOURNEYS,
  concurrencyVariable: 'FIREFOX_CONCURRENCY',
});
