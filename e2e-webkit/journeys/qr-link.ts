// A QR code's Branch link as an iPhone guest opens it (issue 51): the server resolves the link
// and answers with Ava's page, whose first script (allowed by the page's policy by its hash) puts
// Ava's address in place and hands the click id to the page's own Branch session; a link the
// server could not resolve in time shows 'Loading...' and reaches Ava through the page's session
// (src/boot.ts), as before; a broken link says so.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import { LINK_VISIT_STATE_KEY } from '../../src/config/linkVisit';
import { goto, PHONE, saveScreenshot, setViewport, type JourneyContext } from '../harness';
import { byRole, expectCount, exactText, expectUrl, visible } from '../queries';

const AVA = byRole('heading', 'Ava Martinez Verified profile');

export async function qrLinkJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  await setViewport(browser, PHONE);
  await goto(browser, baseUrl, '/?_branch_match_id=qr-ava');
  await expectUrl(browser, /\/user_profile\/ava-martinez$/);
  await visible(browser, AVA);
  await visible(browser, byRole('button', 'Give Gift'));
  await expectCount(browser, exactText('Loading...'), 0);
  // The server's script ran before the app's: the click id is in the history entry's state.
  const visit = await browser.execute(
    (key: string) => (history.state as Record<string, unknown> | null)?.[key] ?? null,
    LINK_VISIT_STATE_KEY,
  );
  assert.deepEqual(visit, { clickId: 'qr-ava' });
  await saveScreenshot(browser, 'qr-link-ava', { fullPage: false });

  await openSlowLink(browser, baseUrl);
  await openBrokenLink(browser, baseUrl);
}

/** Branch past the server's deadline: the shell, then the page's own session finds Ava. */
async function openSlowLink(browser: Browser, baseUrl: string): Promise<void> {
  await browser.url(new URL('/?_branch_match_id=qr-ava-slow', baseUrl).href);
  await expectUrl(browser, /\/user_profile\/ava-martinez$/);
  await visible(browser, AVA);
  await visible(browser, byRole('button', 'Give Gift'));
  await expectCount(browser, exactText('Loading...'), 0);
}

async function openBrokenLink(browser: Browser, baseUrl: string): Promise<void> {
  await goto(browser, baseUrl, '/?_branch_match_id=qr-broken');
  await visible(browser, byRole('heading', 'Invalid QR Found'));
  await saveScreenshot(browser, 'qr-link-broken', { fullPage: false });
}
