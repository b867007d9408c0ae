// A QR code's Branch link as an iPhone guest opens it (issue 51): the server resolves the link
// and answers with Ava's page, whose first script (allowed by the page's policy by its hash) puts
// Ava's address in place and hands the click id to the page's own Branch session; a link the
// server could not resolve in time shows 'Loading...' and reaches Ava through the page's session
// (src/boot.ts), as before; a broken link says so. On the driver seam; the slow link is opened
// with WebDriver's own navigation, which does not wait for the app (its shell comes first).
import assert from 'node:assert/strict';
import { byRole, exactText, expectCount, expectUrl, type Driver } from '../../e2e/driver/driver';
import { LINK_VISIT_STATE_KEY } from '../../src/config/linkVisit';
import { webkitDriver } from '../driver';
import { PHONE, setViewport, type JourneyContext } from '../harness';

const AVA = byRole('heading', 'Ava Martinez Verified profile');

/** Ava's page, the link's profile, shown whole: no 'Loading...' left. */
async function expectAva(driver: Driver): Promise<void> {
  await expectUrl(driver, /\/user_profile\/ava-martinez$/);
  await driver.visible(AVA);
  await driver.visible(byRole('button', 'Give Gift'));
  await expectCount(driver, exactText('Loading...'), 0);
}

export async function qrLinkJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  const driver = webkitDriver(browser, baseUrl);
  await setViewport(browser, PHONE);
  await driver.goto('/?_branch_match_id=qr-ava');
  await expectAva(driver);
  // The server's script ran before the app's: the click id is in the history entry's state.
  const visit = await driver.run(
    (key: string) => (history.state as Record<string, unknown> | null)?.[key] ?? null,
    LINK_VISIT_STATE_KEY,
  );
  assert.deepEqual(visit, { clickId: 'qr-ava' });
  await driver.screenshot('qr-link-ava');

  // Branch past the server's deadline: the shell, then the page's own session finds Ava.
  await browser.url(new URL('/?_branch_match_id=qr-ava-slow', baseUrl).href);
  await expectAva(driver);

  await driver.goto('/?_branch_match_id=qr-broken');
  await driver.visible(byRole('heading', 'Invalid QR Found'));
  await driver.screenshot('qr-link-broken');
}
