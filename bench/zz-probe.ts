import { chromium } from '@playwright/test';
import { startPreview } from '../scripts/serverProcess';
import { CHROMIUM, CHROME_FLAGS, phoneContext } from './browser';
import { startStaticCopies } from './staticCopy';
import { openFresh, STATIC_COPY_OPEN } from './thankJourneys';
import { OPEN_MARK, recorderFor, reportOf } from './thankRecorder';

async function main() {
  const server = await startPreview('zz-probe');
  const copies = await startStaticCopies(server.baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const QR = `${server.baseUrl}/?_branch_match_id=qr-ava`;
    for (let i = 0; i < 2; i++) await (await fetch(QR)).text();
    await copies.captureAsServed(browser, 'qr', '/?_branch_match_id=qr-ava');
    const STATIC = `${copies.urlOf('qr')}?${OPEN_MARK}`;
    const variants: Record<string, string[]> = {
      'static,static': [STATIC, STATIC],
      'qr,qr': [QR, QR],

    };
    for (let run = 0; run < 3; run++) {
      for (const [name, urls] of Object.entries(variants)) {
        const { context, page } = await phoneContext(browser, { slowCpu: true, initScripts: [recorderFor(STATIC_COPY_OPEN)] });
        const times: number[] = [];
        for (const url of urls) {
          const report = reportOf(page, STATIC_COPY_OPEN.name);
          await openFresh(page, url);
          const { start, shown } = await report;
          const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; const fcp = performance.getEntriesByName('first-contentful-paint')[0]; return [n.requestStart, n.responseStart, n.responseEnd, n.domInteractive, fcp?.startTime ?? -1].map(Math.round).join('/'); });
          times.push(Math.round(shown! - start!), nav as unknown as number);
          await page.waitForTimeout(1500);
        }
        console.log(run, name.padEnd(16), times.join(' '));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await copies.close();
    await server.stop();
  }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
