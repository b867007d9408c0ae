// The real photos section in Chromium (bench/photos.ts runs it): what the phone (bench/browser.ts,
// its CPU not throttled: these are bytes) downloads for a profile's first view and for its
// gallery, and how long three 12 MP photos take to send through the review form on the phone's
// 750 kbps uplink. Sizes are transfer sizes as Chromium counts them (body as received plus
// response headers).
import type { Browser, Page, Request } from '@playwright/test';
import { PHONE, phoneContext } from './browser';

/** The page counts as settled once no request has been under way for this long. */
const QUIET_MS = 1_500;
const GIVE_UP_MS = 180_000;
const CONGRATULATIONS = 'Congratulations! Your recognition has been sent.';

interface SentForm {
  url: string;
  files: { name: string; type: string; bytes: number }[];
  /** The body's Content-Length as Chromium sent it (null when not reported). */
  contentLength: number | null;
}

const isPicture = (request: Request) =>
  request.resourceType() === 'image' ||
  /^\/(?:_img|media)(?:\/|$)/.test(new URL(request.url()).pathname);

async function describe(request: Request) {
  const response = await request.response();
  const sizes = await request.sizes();
  return {
    url: request.url(),
    status: response?.status() ?? 0,
    resourceType: request.resourceType(),
    contentType: (await response?.headerValue('content-type')) ?? '',
    /** Response headers plus body as received (what crossed the network). */
    transferBytes: sizes.responseBodySize + sizes.responseHeadersSize,
    bodyBytes: sizes.responseBodySize,
  };
}

/** Every request of the page: the pictures with their sizes, and when the network fell quiet. */
function recordNetwork(page: Page) {
  /** Picture requests (type image, or under /_img or /media) with what crossed the network. */
  const pictures: Awaited<ReturnType<typeof describe>>[] = [];
  const pending: Promise<unknown>[] = [];
  const inflight = new Set<Request>();
  let lastActivity = Date.now();
  const finished = async (request: Request) => pictures.push(await describe(request));
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
    async quiet() {
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

const waitReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', null, {
    timeout: 60_000,
  });

/** A picture shown: the copy the browser chose (from srcset), its own pixel width (not
 * naturalWidth, which srcset's `w` descriptors scale by density), and the pixels its box needs. */
type ShownPicture = { alt: string; src: string; pixelWidth: number; neededWidth: number };

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
export async function firstView(browser: Browser, baseUrl: string, profile: string) {
  const { context, page } = await phoneContext(browser, { slowCpu: false });
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
export async function galleryThumbnails(browser: Browser, baseUrl: string, profile: string) {
  const { context, page } = await phoneContext(browser, { slowCpu: false });
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

/** Notes each multipart form the page sends (fetch or XHR): its files as they leave the page,
 * after the app has prepared them. Reported through a binding, which outlives the page's
 * navigations. */
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

/** A guest sends a recognition with the photos through the form, on the phone's network: picked
 * with the file input (the browser prepares them), then Submit until the Congratulations
 * dialog. */
export async function uploadThroughForm(
  browser: Browser,
  baseUrl: string,
  profile: string,
  photos: readonly { name: string; buffer: Buffer }[],
) {
  const { context, page } = await phoneContext(browser, { slowCpu: false });
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
      /** The wire time: sentBytes at the uplink's rate, what no upload of them can beat. */
      wireMsAtUplink: Math.round((sentBytes / PHONE.network.uploadThroughput) * 1000),
    };
  } finally {
    await context.close();
  }
}
