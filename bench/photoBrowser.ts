// The "real photos" section in Chromium (bench/photos.ts runs it): what a phone (390 x 844, DPR 3,
// the phone section's network) downloads for a profile's first view and for its gallery, and how
// long three 12 MP photos take to send through the review form on that network's 750 kbps uplink.
// Sizes are transfer sizes as Chromium counts them (body as received plus response headers).
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { KEEP_NAMES_SHIM } from './chrome';
import { PHONE_VIEWPORT } from './gallery';
import { NETWORK } from './phone';

export const PHONE = {
  viewport: PHONE_VIEWPORT,
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;
/** The page counts as settled once no request has been under way for this long. */
const QUIET_MS = 1_500;
const GIVE_UP_MS = 180_000;
export const CONGRATULATIONS = 'Congratulations! Your recognition has been sent.';

export interface PictureRequest {
  url: string;
  status: number;
  resourceType: string;
  contentType: string;
  /** Response headers plus body as received (what crossed the network). */
  transferBytes: number;
  bodyBytes: number;
}

export interface ShownPicture {
  alt: string;
  /** The copy the browser chose (from srcset). */
  src: string;
  /** Its width in pixels (not naturalWidth, which srcset's `w` descriptors scale by density). */
  pixelWidth: number;
  /** The box's width times the screen's density: the pixels it needs to look sharp. */
  neededWidth: number;
}

export interface FirstViewReport {
  profile: string;
  url: string;
  /** Sum of transferBytes over every picture request until the network was quiet. */
  pictureBytes: number;
  pictures: PictureRequest[];
  /** Every picture loaded and laid out by then (within the screen or not). */
  shown: ShownPicture[];
  /**
   * Shown copies from the endpoint with fewer pixels than their box needs, where a wider one
   * could have been asked for (the copy is as wide as asked, so the original is wider).
   */
  underSized: number;
  readyMs: number;
  settledMs: number;
}

export interface GalleryThumbsReport {
  profile: string;
  thumbnails: (ShownPicture & { transferBytes: number | null })[];
  largestBytes: number;
  largestUrl: string;
  totalBytes: number;
}

export interface SentForm {
  url: string;
  files: { name: string; type: string; bytes: number }[];
  /** The body's Content-Length as Chromium sent it (null when not reported). */
  contentLength: number | null;
}

export interface UploadReport {
  profile: string;
  photos: number;
  pickedBytes: number;
  /** Pick to the last `Remove` button: the browser prepares each photo as it is picked. */
  pickToPreparedMs: number;
  /** Submit to the Congratulations dialog (the target). */
  submitToCongratulationsMs: number;
  forms: SentForm[];
  /** Bytes on the wire: the forms' Content-Length (else the files' sizes). */
  sentBytes: number;
  /** sentBytes at the emulated uplink's rate: the floor of any upload of those bytes. */
  wireMsAtUplink: number;
}

const isPicture = (request: Request) =>
  request.resourceType() === 'image' ||
  /^\/(?:_img|media)(?:\/|$)/.test(new URL(request.url()).pathname);

/** Every request of the page: the pictures with their sizes, and when the network fell quiet. */
function recordNetwork(page: Page) {
  const pictures: PictureRequest[] = [];
  const pending: Promise<void>[] = [];
  const inflight = new Set<Request>();
  let lastActivity = Date.now();
  const finished = async (request: Request) => {
    const response = await request.response();
    const sizes = await request.sizes();
    pictures.push({
      url: request.url(),
      status: response?.status() ?? 0,
      resourceType: request.resourceType(),
      contentType: (await response?.headerValue('content-type')) ?? '',
      transferBytes: sizes.responseBodySize + sizes.responseHeadersSize,
      bodyBytes: sizes.responseBodySize,
    });
  };
  page.on('request', (request) => {
    inflight.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => {
    inflight.delete(request);
    lastActivity = Date.now();
    if (isPicture(request)) pending.push(finished(request).catch(() => undefined));
  });
  page.on('requestfailed', (request) => {
    inflight.delete(request);
    lastActivity = Date.now();
  });
  return {
    /** Resolves once nothing has been under way for QUIET_MS; the pictures recorded by then. */
    async quiet(): Promise<PictureRequest[]> {
      const deadline = Date.now() + GIVE_UP_MS;
      while (inflight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) {
          throw new Error(`the network was not quiet within ${GIVE_UP_MS / 1000} s`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(pending);
      return pictures;
    },
  };
}

/** A fresh phone context on the phone section's network (no CPU throttling: bytes, not time). */
async function phoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(KEEP_NAMES_SHIM);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return { context, page };
}

const waitReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', null, {
    timeout: 60_000,
  });

/** The pictures `selector` finds that have loaded and are laid out, with their real widths. */
function shownPictures(page: Page, selector = 'img'): Promise<ShownPicture[]> {
  return page.evaluate(async (query) => {
    const loaded = [...document.querySelectorAll<HTMLImageElement>(query)].filter(
      (image) => image.complete && image.naturalWidth > 0 && image.clientWidth > 0,
    );
    return Promise.all(
      loaded.map(async (image) => {
        // The chosen copy again, without srcset (from the memory cache): its own pixel width.
        const probe = new Image();
        probe.src = image.currentSrc;
        await probe.decode().catch(() => undefined);
        return {
          alt: image.alt,
          src: image.currentSrc,
          pixelWidth: probe.naturalWidth,
          neededWidth: Math.round(image.clientWidth * window.devicePixelRatio),
        };
      }),
    );
  }, selector);
}

const underSized = (shown: readonly ShownPicture[]) =>
  shown.filter((s) => {
    if (!s.src.includes('/_img?') || s.pixelWidth >= s.neededWidth) return false;
    return s.pixelWidth === Number(new URL(s.src).searchParams.get('w'));
  }).length;

/** Opens the profile and counts every picture it downloads until the network is quiet. */
export async function firstView(
  browser: Browser,
  baseUrl: string,
  profile: string,
): Promise<FirstViewReport> {
  const { context, page } = await phoneContext(browser);
  try {
    const network = recordNetwork(page);
    const url = `${baseUrl}/user_profile/${profile}`;
    const started = Date.now();
    await page.goto(url);
    // The feed's pictures wait until the page works; then the network has to fall quiet.
    await waitReady(page);
    const readyMs = Date.now() - started;
    const pictures = await network.quiet();
    const settledMs = Date.now() - started - QUIET_MS;
    const shown = await shownPictures(page);
    return {
      profile,
      url,
      pictureBytes: pictures.reduce((sum, p) => sum + p.transferBytes, 0),
      pictures,
      shown,
      underSized: underSized(shown),
      readyMs,
      settledMs,
    };
  } finally {
    await context.close();
  }
}

/** Opens the profile's Photos/Videos tab; each thumbnail's size, read from its response. */
export async function galleryThumbnails(
  browser: Browser,
  baseUrl: string,
  profile: string,
): Promise<GalleryThumbsReport> {
  const { context, page } = await phoneContext(browser);
  try {
    const network = recordNetwork(page);
    await page.goto(`${baseUrl}/user_profile/${profile}`);
    await waitReady(page);
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
    const pictures = await network.quiet();
    // By the address the browser chose: a thumbnail may share it with a picture loaded before.
    const bytesOf = (src: string) =>
      pictures.filter((p) => p.url === src).at(-1)?.transferBytes ?? null;
    const thumbnails = (await shownPictures(page, cells)).map((shown) => ({
      ...shown,
      transferBytes: bytesOf(shown.src),
    }));
    if (thumbnails.length === 0) throw new Error(`the gallery of ${profile} shows no picture`);
    const largest = [...thumbnails].sort(
      (a, b) => (b.transferBytes ?? 0) - (a.transferBytes ?? 0),
    )[0]!;
    return {
      profile,
      thumbnails,
      largestBytes: largest.transferBytes ?? Number.NaN,
      largestUrl: largest.src,
      totalBytes: thumbnails.reduce((sum, t) => sum + (t.transferBytes ?? 0), 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * Notes each multipart form the page sends (fetch or XHR): its files as they leave the page, after
 * the app has prepared them. Reported through a binding, which outlives the page's navigations.
 */
const SENT_FORMS = `
(() => {
  const describe = (url, body) => {
    if (!(body instanceof FormData)) return;
    const files = [];
    for (const [, value] of body.entries()) {
      if (value instanceof Blob) files.push({ name: value.name || '', type: value.type, bytes: value.size });
    }
    if (files.length > 0) window.__benchFormSent({ url: String(url), files });
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.__benchUrl = url;
    return open.call(this, method, url, ...rest);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    describe(this.__benchUrl, body);
    return send.call(this, body);
  };
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    describe(input instanceof Request ? input.url : input, init && init.body);
    return fetch.call(this, input, init);
  };
})();
`;

/**
 * A guest sends a recognition with the photos through the form, on the phone's network: picked
 * with the file input (the browser prepares them), then Submit until the Congratulations dialog.
 */
export async function uploadThroughForm(
  browser: Browser,
  baseUrl: string,
  profile: string,
  photos: readonly { name: string; buffer: Buffer }[],
): Promise<UploadReport> {
  const { context, page } = await phoneContext(browser);
  try {
    const forms: SentForm[] = [];
    await context.exposeFunction('__benchFormSent', (form: Omit<SentForm, 'contentLength'>) => {
      forms.push({ ...form, contentLength: null });
    });
    await context.addInitScript({ content: SENT_FORMS });
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
    await page
      .getByRole('button', { name: /^Remove / })
      .nth(photos.length - 1)
      .waitFor({ state: 'visible', timeout: GIVE_UP_MS });
    const pickToPreparedMs = Date.now() - picked;

    const submitted = Date.now();
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page
      .getByRole('dialog', { name: CONGRATULATIONS })
      .waitFor({ state: 'visible', timeout: GIVE_UP_MS });
    const submitToCongratulationsMs = Date.now() - submitted;

    // Chromium reports the body's length among the headers it actually sent.
    const lengths = await Promise.all(
      uploads.map(async (r) => Number((await r.allHeaders())['content-length'] ?? Number.NaN)),
    );
    lengths.forEach((length, i) => {
      if (forms[i] && Number.isFinite(length)) forms[i]!.contentLength = length;
    });
    const sentBytes = forms.reduce(
      (sum, form) => sum + (form.contentLength ?? form.files.reduce((n, f) => n + f.bytes, 0)),
      0,
    );
    return {
      profile,
      photos: photos.length,
      pickedBytes: photos.reduce((sum, p) => sum + p.buffer.length, 0),
      pickToPreparedMs,
      submitToCongratulationsMs,
      forms,
      sentBytes,
      wireMsAtUplink: Math.round((sentBytes / NETWORK.uploadThroughput) * 1000),
    };
  } finally {
    await context.close();
  }
}
