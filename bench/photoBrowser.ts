// The real photos section in Chromium (bench/photos.ts runs it), on the phone (bench/browser.ts)
// with its CPU not throttled (these are bytes): a profile's first view, its gallery, and three
// 12 MP photos through the review form on the 750 kbps uplink. Sizes are transfer sizes as
// Chromium counts them (body as received plus response headers).
import type { Browser, Page, Request } from '@playwright/test';
import { PHONE, phoneContext } from './browser';

/** The page counts as settled once no request has been under way for this long. */
const QUIET_MS = 1_500;
const GIVE_UP_MS = 180_000;
export const CONGRATULATIONS = 'Congratulations! Your recognition has been sent.';

const isPicture = (request: Request) =>
  request.resourceType() === 'image' ||
  /^\/(?:_img|media)(?:\/|$)/.test(new URL(request.url()).pathname);

/** Every picture the page downloads (type image, or under /_img or /media), until it is quiet. */
function recordNetwork(page: Page) {
  const pictures: { url: string; contentType: string; transferBytes: number }[] = [];
  const pending: Promise<unknown>[] = [];
  const inflight = new Set<Request>();
  let lastActivity = Date.now();
  const settle = (request: Request) => {
    inflight.delete(request);
    lastActivity = Date.now();
  };
  const describe = async (request: Request) => {
    const [response, sizes] = [await request.response(), await request.sizes()];
    const contentType = (await response?.headerValue('content-type')) ?? '';
    const transferBytes = sizes.responseBodySize + sizes.responseHeadersSize;
    pictures.push({ url: request.url(), contentType, transferBytes });
  };
  page.on('request', (request) => {
    inflight.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => {
    settle(request);
    if (isPicture(request)) pending.push(describe(request).catch(() => undefined));
  });
  page.on('requestfailed', settle);
  return async function quiet() {
    const deadline = Date.now() + GIVE_UP_MS;
    while (inflight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) {
        throw new Error(`the network was not quiet within ${GIVE_UP_MS / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(pending);
    return pictures;
  };
}

const waitReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', null, {
    timeout: 60_000,
  });

/** Runs `work` on the profile on the phone once the page works, then closes its context. */
async function onProfile<T>(
  browser: Browser,
  url: string,
  work: (page: Page, quiet: ReturnType<typeof recordNetwork>) => Promise<T>,
) {
  const { context, page } = await phoneContext(browser, { slowCpu: false });
  try {
    const quiet = recordNetwork(page);
    await page.goto(url);
    await waitReady(page);
    return await work(page, quiet);
  } finally {
    await context.close();
  }
}

/** Opens the profile and counts every picture it downloads until the network is quiet. */
export const firstView = (browser: Browser, baseUrl: string, profile: string) =>
  onProfile(browser, `${baseUrl}/user_profile/${profile}`, async (_page, quiet) => {
    // The feed's pictures wait until the page works; then the network has to fall quiet.
    const pictures = await quiet();
    const pictureBytes = pictures.reduce((sum, p) => sum + p.transferBytes, 0);
    return { profile, pictureBytes, pictures };
  });

/** Opens the profile's Photos/Videos tab; each thumbnail's size, read from the response for the
 * copy the browser chose from its srcset. */
export const galleryThumbnails = (browser: Browser, baseUrl: string, profile: string) =>
  onProfile(browser, `${baseUrl}/user_profile/${profile}`, async (page, quiet) => {
    await page.getByRole('tab', { name: 'Photos/Videos' }).click();
    const grid = page.getByRole('list', { name: 'Photos and videos' });
    await grid.getByRole('listitem').first().waitFor({ state: 'visible', timeout: 60_000 });
    await grid.scrollIntoViewIfNeeded();
    const cells = 'ul[aria-label="Photos and videos"] img';
    await page.waitForFunction(
      (query) => [...document.querySelectorAll<HTMLImageElement>(query)].every((i) => i.complete),
      cells,
      { timeout: GIVE_UP_MS },
    );
    const pictures = await quiet();
    const shown = await page.$$eval(cells, (images) =>
      (images as HTMLImageElement[])
        .filter((image) => image.complete && image.naturalWidth > 0 && image.clientWidth > 0)
        .map((image) => image.currentSrc),
    );
    // By the address the browser chose: a thumbnail may share it with a picture loaded before.
    const thumbnails = shown.map((src) => ({
      src,
      transferBytes: pictures.filter((p) => p.url === src).at(-1)?.transferBytes ?? null,
    }));
    if (thumbnails.length === 0) throw new Error(`the gallery of ${profile} shows no picture`);
    const sizes = thumbnails.map((t) => t.transferBytes ?? 0);
    return {
      profile,
      thumbnails,
      // NaN (not met) when no thumbnail's response was recorded.
      largestBytes: Math.max(...sizes) || Number.NaN,
      totalBytes: sizes.reduce((sum, n) => sum + n, 0),
    };
  });

/** A guest picks the photos in the review form (the browser prepares them) and sends them on
 * the phone's network: Submit until the Congratulations dialog. */
export async function uploadThroughForm(
  browser: Browser,
  baseUrl: string,
  profile: string,
  photos: readonly { name: string; buffer: Buffer }[],
) {
  const { context, page } = await phoneContext(browser, { slowCpu: false });
  try {
    const uploads: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/gratitude/image-gratitude')) {
        uploads.push(request);
      }
    });
    await page.goto(`${baseUrl}/user_profile/${profile}`);
    await waitReady(page);
    await page.getByRole('button', { name: /^Recognize/ }).tap();
    await page.getByLabel('Full Name').fill('Bench Photos');
    await page.getByLabel('Email').fill('bench.photos@example.com');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByLabel('Say thanks').fill('Three photos from the party, thank you!');
    const picked = Date.now();
    await page
      .getByLabel('Attach photos or a video')
      .setInputFiles(
        photos.map((p) => ({ name: p.name, mimeType: 'image/jpeg', buffer: p.buffer })),
      );
    const visible = { state: 'visible', timeout: GIVE_UP_MS } as const;
    await page
      .getByRole('button', { name: /^Remove / })
      .nth(photos.length - 1)
      .waitFor(visible);
    const pickToPreparedMs = Date.now() - picked;
    const submitted = Date.now();
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByRole('dialog', { name: CONGRATULATIONS }).waitFor(visible);
    const submitToCongratulationsMs = Date.now() - submitted;
    // Chromium reports the body's length among the headers it actually sent.
    const lengths = await Promise.all(
      uploads.map(async (r) => Number((await r.allHeaders())['content-length'])),
    );
    if (!lengths.every(Number.isFinite))
      throw new Error('an upload was sent without Content-Length');
    const sentBytes = lengths.reduce((sum, length) => sum + length, 0);
    return {
      profile,
      pickedBytes: photos.reduce((sum, p) => sum + p.buffer.length, 0),
      pickToPreparedMs,
      submitToCongratulationsMs,
      uploads: uploads.length,
      sentBytes,
      /** The wire time: sentBytes at the uplink's rate, what no upload of them can beat. */
      wireMsAtUplink: Math.round((sentBytes / PHONE.network.uploadThroughput) * 1000),
    };
  } finally {
    await context.close();
  }
}
