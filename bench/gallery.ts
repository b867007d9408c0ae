// The `gallery` section: a bench-only data set where Ava's gallery holds 1,000 items, on a preview
// of its own, scrolled to the end in Chromium at the phone's screen size (CPU not throttled)
// while the page records its DOM size, its long tasks and its frame intervals.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { DATA_FILE_NAME, UPLOADS_DIR_NAME, dbFromSeed, readSeed } from '../mock-api/db/store';
import { KEEP_NAMES_SHIM, PHONE } from './browser';
import { PROFILE } from './demo';
import { count, ms } from './format';
import type { Section } from './harness';
import type { FigureGroup } from './reporter';

const GALLERY_SIZE = 1_000;
const VIEWPORT = PHONE.context.viewport;
/** 30 px a frame is 1,800 px/s at 60 Hz: a brisk, steady scroll. */
const SCROLL_PX_PER_FRAME = 30;
const TARGETS = { maxDomNodes: 1_500, longTasksWhileScrolling: 0 };
const END_TEXT = 'Yay! You have seen it all';
const SCROLL_TIMEOUT_MS = 240_000;

/** Writes `dataDir/db.json`: the seed as `npm run mock-api:reset` makes it, plus gallery items
 * for Ava (older than her seed items, reusing her seed media in turn) up to GALLERY_SIZE in
 * all. */
async function writeGalleryDataSet(dataDir: string): Promise<number> {
  const db = dbFromSeed(await readSeed(), new Date());
  const own = db.gallery.filter((item) => item.userId === PROFILE);
  if (own.length === 0) throw new Error(`the seed has no gallery items for ${PROFILE}`);
  const oldest = Math.min(...own.map((item) => Date.parse(item.createdAt)));
  const added = Array.from({ length: GALLERY_SIZE - own.length }, (_, index) => {
    const { media, mimeType } = own[index % own.length]!;
    const id = `bench-g${String(index + 1).padStart(4, '0')}`;
    const createdAt = new Date(oldest - (index + 1) * 60_000).toISOString();
    return { id, userId: PROFILE, media, mimeType, createdAt };
  });
  db.gallery.push(...added);
  await mkdir(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true });
  await writeFile(path.join(dataDir, DATA_FILE_NAME), JSON.stringify(db, null, 2));
  return added.length;
}

declare global {
  interface Window {
    __benchLongTasks?: { startTime: number; duration: number }[];
  }
}

async function measureGallery(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    await context.addInitScript(() => {
      const tasks: { startTime: number; duration: number }[] = (window.__benchLongTasks = []);
      try {
        new PerformanceObserver((list) => {
          tasks.push(
            ...list.getEntries().map(({ startTime, duration }) => ({ startTime, duration })),
          );
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no Long Tasks API: nothing is recorded
      }
    });
    const page = await context.newPage();
    let [itemsLoaded, pagesRequested] = [0, 0];
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('/user/v2/fetchUserGallery')) return;
      pagesRequested += 1;
      const body = response.json() as Promise<{ data?: { data?: unknown[] } }>;
      body.then((b) => (itemsLoaded += b.data?.data?.length ?? 0)).catch(() => undefined);
    });
    await page.goto(`${baseUrl}/user_profile/${PROFILE}`);
    await page.getByRole('tab', { name: 'Photos/Videos' }).click({ timeout: 30_000 });
    const grid = page.getByRole('list', { name: 'Photos and videos' });
    await grid.getByRole('listitem').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const scroll = await page.evaluate(
      ({ step, timeoutMs, endText }) =>
        new Promise<{ start: number; end: number; maxNodes: number; reachedEnd: boolean }>(
          (resolve) => {
            const nodes = () => document.getElementsByTagName('*').length;
            const scroller = document.scrollingElement ?? document.documentElement;
            const start = performance.now();
            let [maxNodes, frames] = [nodes(), 0];
            const tick = (now: number) => {
              if ((frames += 1) % 5 === 0) maxNodes = Math.max(maxNodes, nodes());
              const atBottom = scroller.scrollTop + window.innerHeight >= scroller.scrollHeight - 2;
              const reachedEnd =
                atBottom &&
                [...document.querySelectorAll('[role="status"]')].some((status) =>
                  (status.textContent ?? '').includes(endText),
                );
              if (reachedEnd || now - start > timeoutMs) {
                resolve({ start, end: now, maxNodes: Math.max(maxNodes, nodes()), reachedEnd });
                return;
              }
              window.scrollBy(0, step);
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          },
        ),
      { step: SCROLL_PX_PER_FRAME, timeoutMs: SCROLL_TIMEOUT_MS, endText: END_TEXT },
    );
    // Let the last response body be read before counting.
    await page.waitForLoadState('networkidle');
    const longTasks = await page.evaluate(() => window.__benchLongTasks ?? []);
    const itemsInDomAtEnd = await grid.getByRole('listitem').count();
    const during = longTasks.filter(
      (task) => task.startTime + task.duration >= scroll.start && task.startTime <= scroll.end,
    );
    return {
      itemsLoaded,
      pagesRequested,
      itemsInDomAtEnd,
      reachedEnd: scroll.reachedEnd,
      scrollMs: scroll.end - scroll.start,
      maxDomNodes: scroll.maxNodes,
      longTasksWhileScrolling: during,
      longestTaskWhileScrollingMs: Math.max(0, ...during.map((task) => task.duration)),
    };
  } finally {
    await context.close();
  }
}

function galleryFigures(g: Awaited<ReturnType<typeof measureGallery>>): FigureGroup {
  const during = g.longTasksWhileScrolling.length;
  return {
    group: `Gallery ${PROFILE}, ${count(GALLERY_SIZE)} items, ${VIEWPORT.width}x${VIEWPORT.height}, scrolled to the end`,
    figures: [
      {
        name: 'items loaded by scrolling',
        value: g.itemsLoaded,
        target: { is: GALLERY_SIZE, when: g.reachedEnd },
        note: `${g.pagesRequested} pages in ${(g.scrollMs / 1000).toFixed(1)} s at ${SCROLL_PX_PER_FRAME} px a frame; end message ${g.reachedEnd ? 'seen' : 'NOT seen'}; ${g.itemsInDomAtEnd} items in the DOM at the end`,
      },
      {
        name: 'largest DOM node count',
        value: g.maxDomNodes,
        target: { atMost: TARGETS.maxDomNodes },
      },
      {
        name: 'long tasks (> 50 ms) while scrolling',
        value: during,
        target: { is: TARGETS.longTasksWhileScrolling },
        note: during > 0 ? `longest ${ms(g.longestTaskWhileScrollingMs)}` : undefined,
      },
    ],
  };
}

export const gallerySection: Section = {
  name: 'gallery',
  async run(h) {
    const gallery = await h.step(`gallery of ${GALLERY_SIZE} items`, async () => {
      const dataDir = path.join(h.tmp, 'gallery-data');
      const added = await writeGalleryDataSet(dataDir);
      const server = await h.startPreview(dataDir, 'preview-gallery');
      h.log(`  data set: seed + ${added} gallery items; server on ${server.baseUrl}`);
      return h.withBrowser((browser) => measureGallery(browser, server.baseUrl));
    });
    return { results: { gallery }, figures: gallery ? [galleryFigures(gallery)] : [] };
  },
};
