// A QR code's Branch link on a phone (issue 51): resolved by the server, or, when slow, through the
// page's own Branch session (src/boot.ts); a broken one says so.
import assert from 'node:assert/strict';
import { byRole, exactText, expectCount, expectUrl, type Driver } from '../../e2e/driver/driver';
import { LINK_VISIT_STATE_KEY } from '../../src/config/linkVisit';
import { webkitDriver } from '../driver';
import { PHONE, setViewport, type JourneyContext } from '../harness';

const AVA = byRole('heading', 'Ava Martinez Verified profile');

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
  // The server's script ran before the app's: the click id is in the history state.
  const visit = await driver.run(
    (key: string) => (history.state as Record<string, unknown> | null)?.[key] ?? null,
    LINK_VISIT_STATE_KEY,
  );
  assert.deepEqual(visit, { clickId: 'qr-ava' });
  await driver.screenshot('qr-link-ava');

  // Past the server's deadline; opened without goto's wait for the app (its shell comes first).
  await browser.url(new URL('/?_branch_match_id=qr-ava-slow', baseUrl).href);
  await expectAva(driver);

  await driver.goto('/?_branch_match_id=qr-broken');
  await driver.visible(byRole('heading', 'Invalid QR Found'));
  await driver.screenshot('qr-link-broken');
}
