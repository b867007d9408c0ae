// The main browser journeys in WebKit (Debian's WebKitGTK MiniBrowser over WebDriver, on Xvfb),
// with Node's test runner: `npm run test:webkit` after `npm run build`. One server, one X server
// and one WebKitWebDriver for the run; each journey in a WebDriver session (a browser) of its own.
import { after, before, describe, it } from 'node:test';
import { inFreshSession, startSuite, type JourneyContext, type Suite } from './harness';
import { galleryVideoJourney } from './journeys/gallery-video';
import { profileTabsJourney } from './journeys/profile-tabs';

const JOURNEYS: [string, (context: JourneyContext) => Promise<void>][] = [
  ['profile: Ava at 1280 and 390 px, then every tab after every other', profileTabsJourney],
  [
    'gallery: a video plays (time moving on), and stops when fullscreen is left',
    galleryVideoJourney,
  ],
];

// One browser at a time on 2 cores unless WEBKIT_CONCURRENCY says otherwise.
const concurrency = Math.max(1, Number(process.env.WEBKIT_CONCURRENCY ?? 1) || 1);

describe('WebKit journeys', { concurrency }, () => {
  let suite: Suite | undefined;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });
  for (const [name, journey] of JOURNEYS) {
    // A journey takes 10 to 40 s on a fast machine; this is room for one several times slower.
    it(name, { timeout: 360_000 }, async () => {
      if (!suite) throw new Error('the server, Xvfb or WebKitWebDriver did not start');
      await inFreshSession(suite, journey);
    });
  }
});
