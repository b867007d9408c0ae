// A QR code's Branch link as an iPhone guest opens it: the page's first script (src/boot.ts)
// starts the Branch session, the app then turns to the profile the link names (Ava's), and a
// broken link says so.
import type { Browser } from 'webdriverio';
import { goto, PHONE, saveScreenshot, setViewport, type JourneyContext } from '../harness';
import { byRole, expectUrl, visible } from '../queries';

export async function qrLinkJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  await setViewport(browser, PHONE);
  await goto(browser, baseUrl, '/?_branch_match_id=qr-ava');
  await expectUrl(browser, /\/user_profile\/ava-martinez$/);
  await visible(browser, byRole('heading', 'Ava Martinez Verified profile'));
  await visible(browser, byRole('button', 'Give Gift'));
  await saveScreenshot(browser, 'qr-link-ava', { fullPage: false });

  // The profile is kept for the next visit once the page is idle (Safari has no
  // requestIdleCallback: the idle scheduler's own fallback runs it).
  await browser.waitUntil(
    () => browser.execute(() => localStorage.getItem('grati:profile:ava-martinez') !== null),
    { timeout: 30_000, timeoutMsg: 'the profile was not kept for the next visit' },
  );
  // The same code again: the kept profile shows, and the lookup made afresh replaces it.
  await goto(browser, baseUrl, '/?_branch_match_id=qr-ava');
  await expectUrl(browser, /\/user_profile\/ava-martinez$/);
  await visible(browser, byRole('heading', 'Ava Martinez Verified profile'));
  await visible(browser, byRole('button', 'Give Gift'));

  await openBrokenLink(browser, baseUrl);
}

async function openBrokenLink(browser: Browser, baseUrl: string): Promise<void> {
  await goto(browser, baseUrl, '/?_branch_match_id=qr-broken');
  await visible(browser, byRole('heading', 'Invalid QR Found'));
  await saveScreenshot(browser, 'qr-link-broken', { fullPage: false });
}
