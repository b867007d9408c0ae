// Debian's Chromium, headless, for Playwright and Lighthouse; the screens it is measured at; and
// the throttled phone, defined once for the phone and real photos sections.
import type { Browser } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** For Playwright contexts: the page's `__name`, which tsx's keepNames puts in evaluated code. */
export const KEEP_NAMES_SHIM = {
  content: 'globalThis.__name = globalThis.__name || ((fn) => fn);',
};

/** Lighthouse's default mobile screen (Moto G Power): static copies and bytes are taken at it. */
export const LIGHTHOUSE_SCREEN = { width: 412, height: 823 };

/** The throttled phone: a 390x844 screen at DPR 3, a Slow-4G-like network, 4x slower CPU. */
export const PHONE = {
  context: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  /** Chromium's Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
} as const;

/** kbps of a throughput in bytes per second, as the phone's network is described. */
export const kbps = (bytesPerSecond: number) => Math.round((bytesPerSecond * 8) / 1024);
const { viewport, deviceScaleFactor } = PHONE.context;
const { latency, downloadThroughput, uploadThroughput } = PHONE.network;
export const PHONE_DESCRIPTION = `${viewport.width}x${viewport.height}, DPR ${deviceScaleFactor}, ${latency} ms RTT, ${kbps(downloadThroughput)} kbps down, ${kbps(uploadThroughput)} kbps up`;

/** A fresh context as the phone, on its network; its CPU slowed down for timings (`slowCpu`),
 * not for bytes. `initScripts` run before the page's own. */
export async function phoneContext(
  browser: Browser,
  options: { slowCpu: boolean; initScripts?: string[] },
) {
  const context = await browser.newContext(PHONE.context);
  await context.addInitScript(KEEP_NAMES_SHIM);
  for (const content of options.initScripts ?? []) await context.addInitScript({ content });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (options.slowCpu)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE.network);
  return { context, page };
}
