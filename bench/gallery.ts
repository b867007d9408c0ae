// The gallery under load: a bench-only data set where Ava's gallery holds 1,000 items, scrolled
// to the end in Chromium at 390 x 844 (CPU not throttled) while the page records its DOM size,
// its long tasks and its frame intervals.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { KEEP_NAMES_SHIM } from './chrome';
import { DATA_FILE_NAME, UPLOADS_DIR_NAME, dbFromSeed, readSeed } from '../mock-api/db/store';
import type { GalleryRecord } from '../mock-api/db/types';

export const GALLERY_PROFILE = 'ava-martinez';
export const GALLERY_SIZE = 1_000;
export const PHONE_VIEWPORT = { width: 390, height: 844 };
/** 30 px a frame is 1,800 px/s at 60 Hz: a brisk, steady scroll. */
export const SCROLL_PX_PER_FRAME = 30;
export const FRAME_MS = 1000 / 60;
/** An interval longer than 1.5 frames means at least one frame was missed. */
export const DROPPED_FRAME_MS = 1.5 * FRAME_MS;
const END_TEXT = 'Yay! You have seen it all';
const SCROLL_TIMEOUT_MS = 240_000;

/**
 * Writes `dataDir/db.json`: the seed as `npm run mock-api:reset` makes it, plus gallery items for
 * Ava (older than her seed items, reusing her seed media in turn) up to GALLERY_SIZE in all.
 */
export async function writeGalleryDataSet(dataDir: string): Promise<{ added: number }> {
  const now = new Date();
  const db = dbFromSeed(await readSeed(), now);
  const own = db.gallery.filter((item) => item.userId === GALLERY_PROFILE);
  if (own.length === 0) throw new Error(`the seed has no gallery items for ${GALLERY_PROFILE}`);
  const oldest = Math.min(...own.map((item) => Date.parse(item.createdAt)));
  const added: GalleryRecord[] = [];
  for (let index = 0; own.length + added.length < GALLERY_SIZE; index += 1) {
    const source = own[index % own.length]!;
    added.push({
      id: `bench-g${String(index + 1).padStart(4, '0')}`,
      userId: GALLERY_PROFILE,
      media: source.media,
      mimeType: source.mimeType,
      createdAt: new Date(oldest - (index + 1) * 60_000).toISOString(),
    });
  }
  db.gallery.push(...added);
  await mkdir(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true });
  await writeFile(path.join(dataDir, DATA_FILE_NAME), JSON.stringify(db, null, 2));
  return { added: added.length };
}

export interface LongTask {
  startTime: number;
  duration: number;
}

export interface GalleryReport {
  profile: string;
  viewport: typeof PHONE_VIEWPORT;
  scrollPxPerFrame: number;
  /** Items the API sent over all pages (all must arrive for the run to count). */
  itemsLoaded: number;
  pagesRequested: number;
  itemsInDomAtEnd: number;
  reachedEnd: boolean;
  scrollMs: number;
  maxDomNodes: number;
  domNodesAtEnd: number;
  longTasksWhileScrolling: LongTask[];
  longestTaskWhileScrollingMs: number;
  longTasksBeforeScrolling: LongTask[];
  totalFrames: number;
  droppedFrames: number;
  worstFrameMs: number;
  p95FrameMs: number;
}

interface ScrollResult {
  start: number;
  end: number;
  intervals: number[];
  maxNodes: number;
  nodesAtEnd: number;
  reachedEnd: boolean;
}

declare global {
  interface Window {
    __benchLongTasks?: LongTask[];
  }
}

export async function measureGallery(browser: Browser, baseUrl: string): Promise<GalleryReport> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    await context.addInitScript(() => {
      const tasks: { startTime: number; duration: number }[] = [];
      window.__benchLongTasks = tasks;
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            tasks.push({ startTime: entry.startTime, duration: entry.duration });
          }
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no Long Tasks API: nothing is recorded
      }
    });
    const page = await context.newPage();
    let itemsLoaded = 0;
    let pagesRequested = 0;
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('/user/v2/fetchUserGallery')) return;
      pagesRequested += 1;
      response
        .json()
        .then((body: { data?: { data?: unknown[] } }) => {
          itemsLoaded += body.data?.data?.length ?? 0;
        })
        .catch(() => undefined);
    });

    await page.goto(`${baseUrl}/user_profile/${GALLERY_PROFILE}`);
    const tab = page.getByRole('tab', { name: 'Photos/Videos' });
    await tab.click({ timeout: 30_000 });
    const grid = page.getByRole('list', { name: 'Photos and videos' });
    await grid.getByRole('listitem').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    const scroll = await page.evaluate(
      ({ step, timeoutMs, endText }): Promise<ScrollResult> =>
        new Promise((resolve) => {
          const count = () => document.getElementsByTagName('*').length;
          const scroller = document.scrollingElement ?? document.documentElement;
          const intervals: number[] = [];
          let maxNodes = count();
          let frames = 0;
          const start = performance.now();
          let last = start;
          const tick = (now: number) => {
            intervals.push(now - last);
            last = now;
            frames += 1;
            if (frames % 5 === 0) maxNodes = Math.max(maxNodes, count());
            const atBottom = scroller.scrollTop + window.innerHeight >= scroller.scrollHeight - 2;
            const reachedEnd =
              atBottom &&
              [...document.querySelectorAll('[role="status"]')].some((status) =>
                (status.textContent ?? '').includes(endText),
              );
            if (reachedEnd || now - start > timeoutMs) {
              const nodesAtEnd = count();
              resolve({
                start,
                end: now,
                intervals: intervals.slice(1),
                maxNodes: Math.max(maxNodes, nodesAtEnd),
                nodesAtEnd,
                reachedEnd,
              });
              return;
            }
            window.scrollBy(0, step);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { step: SCROLL_PX_PER_FRAME, timeoutMs: SCROLL_TIMEOUT_MS, endText: END_TEXT },
    );

    // Let the last response body be read before counting.
    await page.waitForLoadState('networkidle');
    const longTasks = await page.evaluate(() => window.__benchLongTasks ?? []);
    const itemsInDomAtEnd = await grid.getByRole('listitem').count();
    const during = longTasks.filter(
      (task) => task.startTime + task.duration >= scroll.start && task.startTime <= scroll.end,
    );
    const sorted = [...scroll.intervals].sort((a, b) => a - b);
    return {
      profile: GALLERY_PROFILE,
      viewport: PHONE_VIEWPORT,
      scrollPxPerFrame: SCROLL_PX_PER_FRAME,
      itemsLoaded,
      pagesRequested,
      itemsInDomAtEnd,
      reachedEnd: scroll.reachedEnd,
      scrollMs: scroll.end - scroll.start,
      maxDomNodes: scroll.maxNodes,
      domNodesAtEnd: scroll.nodesAtEnd,
      longTasksWhileScrolling: during,
      longestTaskWhileScrollingMs: Math.max(0, ...during.map((task) => task.duration)),
      longTasksBeforeScrolling: longTasks.filter((task) => task.startTime < scroll.start),
      totalFrames: scroll.intervals.length,
      droppedFrames: scroll.intervals.filter((ms) => ms > DROPPED_FRAME_MS).length,
      worstFrameMs: sorted[sorted.length - 1] ?? 0,
      p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    };
  } finally {
    await context.close();
  }
}
