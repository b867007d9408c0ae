import { chromium } from '@playwright/test';
import { startPreview } from '../scripts/serverProcess';
import { CHROMIUM, CHROME_FLAGS, phoneContext } from './browser';
import { proxyRequest, serve } from './staticCopy';
import { openFresh, STATIC_COPY_OPEN } from './thankJourneys';
import { OPEN_MARK, recorderFor, reportOf } from './thankRecorder';

async function main() {
  const server = await startPreview('zz-probe');
  const QRP = '/?_branch_match_id=qr-ava';
  for (let i = 0; i < 2; i++) await (await fetch(server.baseUrl + QRP)).text();
  const raw = await (await fetch(server.baseUrl + QRP)).text();
  const scripts = [...raw.matchAll(/<script[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]);
  console.log(scripts.map((s) => s.slice(0, 60)));
  const noPreload = (h: string) => h.replace(/<link rel="preload" as="script"[^>]*>/g, '');
  const noScripts = (h: string) => h.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
  const noLoader = (h: string) => h.replace(scripts[scripts.length - 1]!, '');
  const variants: Record<string, string> = {
    full: raw,
    none: noPreload(noScripts(raw)),
    preloads: noScripts(raw),
    inline: noPreload(noLoader(raw)),
    noLoader: noLoader(raw),
    noPreloadFull: noPreload(raw),
  };
  const upstream = new URL(server.baseUrl);
  const site = await serve((req, res) => {
    const m = /^\/__v\/(\w+)/.exec(req.url ?? '');
    if (!m) return proxyRequest(upstream, req, res);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(variants[m[1]!]);
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    for (let run = 0; run < 3; run++) {
      for (const name of Object.keys(variants)) {
        const { context, page } = await phoneContext(browser, { slowCpu: true, initScripts: [recorderFor(STATIC_COPY_OPEN)] });
        const times: number[] = [];
        for (let v = 0; v < 2; v++) {
          const report = reportOf(page, STATIC_COPY_OPEN.name);
          await openFresh(page, `${site.baseUrl}/__v/${name}?${OPEN_MARK}`);
          const { start, shown } = await report;
          times.push(Math.round(shown! - start!));
          await page.waitForTimeout(1500);
        }
        console.log(run, name.padEnd(16), times.join(' '));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await site.close();
    await server.stop();
  }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
