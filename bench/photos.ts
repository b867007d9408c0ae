// The "real photos" section (BENCH_ONLY=photos, issue 23): three 12 MP phone photos (4032 x 3024
// JPEGs with camera and GPS EXIF, made now by scripts/phonePhotos.ts, never written to the
// repository) sent as one recognition to sam-lee through the API, as any client may send them.
// Then, on `npm run preview`: a phone's first view of that profile and of Ava's (the reference),
// the largest thumbnail of its gallery, and the same photos sent through the review form on the
// phone's 750 kbps uplink (bench/photoBrowser.ts). On the production server alone in front of the
// mock API: the image endpoint's cold and warm latency, and page renders and memory while 20 cold
// resizes run at once, and an unrelated picture while nested and made-up addresses are asked
// (bench/photoServer.ts). Each step is its own section: one that fails
// keeps the others.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { DATA_FILE_NAME, UPLOADS_DIR_NAME } from '../mock-api/db/store';
import type { Db } from '../mock-api/db/types';
import { DEFAULT_GUEST_TOKEN } from '../mock-api/env';
import { mediaUrl } from '../mock-api/media';
import { makePhonePhoto } from '../scripts/phonePhotos';
import { makePngBomb } from '../src/server/images/testing';
import { reviewTitle } from '../src/features/gratitude/reviewTitle';
import {
  firstView,
  galleryThumbnails,
  uploadThroughForm,
  type FirstViewReport,
  type GalleryThumbsReport,
  type UploadReport,
} from './photoBrowser';
import {
  abuseResistance,
  bombRefusal,
  endpointLatency,
  resizesUnderLoad,
  type AbuseReport,
  type BombReport,
  type EndpointLatencyReport,
  type ResizeLoadReport,
} from './photoServer';
import {
  assertNodeServer,
  startMockApi,
  startProductionServer,
  type GroupProcess,
} from './processes';
import type { RunningServer } from './server';

export const PHOTO_PROFILE = 'sam-lee';
export const REFERENCE_PROFILE = 'ava-martinez';
export const PHOTO_SEEDS = [1, 2, 3] as const;
const AUTH = { Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}` };

export interface BenchPhoto {
  name: string;
  buffer: Buffer;
}

export interface StoredPhoto {
  path: string;
  bytes: number;
  width: number;
  height: number;
  /** Whether the stored file still holds EXIF (the mock API strips it on arrival). */
  exif: boolean;
}

export interface SeededReview {
  id: string;
  ms: number;
  stored: StoredPhoto[];
  /** The photos' addresses as the API prints them. */
  urls: string[];
}

export interface PhotosReport {
  profile: string;
  photos: { name: string; bytes: number }[];
  seeded: SeededReview | null;
  firstView: FirstViewReport | null;
  referenceView: FirstViewReport | null;
  gallery: GalleryThumbsReport | null;
  upload: UploadReport | null;
  endpoint: EndpointLatencyReport | null;
  resizes: ResizeLoadReport | null;
  /** A decompression bomb asked of the endpoint: refused, quickly, memory unmoved. */
  bomb: BombReport | null;
  /** Nested and made-up /_img addresses at once: refused, an unrelated picture unhindered. */
  abuse: AbuseReport | null;
}

/** What the section borrows from bench/run.ts: its log, sections, browser and clean-up. */
export interface PhotosHarness {
  tmp: string;
  log: (message: string) => void;
  section: <T>(name: string, work: () => Promise<T>) => Promise<T | null>;
  withBrowser: <T>(work: (browser: Browser) => Promise<T>) => Promise<T>;
  startPreview: (dataDir: string, logFile: string) => Promise<RunningServer>;
  stopPreview: (server: RunningServer) => Promise<void>;
  /** A process to stop at the end of the section (and by the bench's clean-up). */
  track: <P extends GroupProcess>(process: P) => P;
}

export async function makeBenchPhotos(): Promise<BenchPhoto[]> {
  const photos: BenchPhoto[] = [];
  for (const seed of PHOTO_SEEDS) {
    photos.push({ name: `IMG_${4000 + seed}.jpg`, buffer: await makePhonePhoto({ seed }) });
  }
  return photos;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Sends the photos as one recognition to `profile` (POST gratitude/image-gratitude, the fields of
 * the app's form), then reads what the mock API stored from its data dir.
 */
export async function sendPhotoReview(
  apiOrigin: string,
  dataDir: string,
  photos: readonly BenchPhoto[],
  profile = PHOTO_PROFILE,
): Promise<SeededReview> {
  const api = `${apiOrigin}/api`;
  const post = (route: string, body: unknown) =>
    fetch(`${api}/${route}`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { userName } = (
    await json<{ data: { data: { userDetails: { userName: string } } } }>(
      await post('gratitude/findUser', { _id: profile, profilePage: true }),
    )
  ).data.data.userDetails;
  const guest = { fullName: 'Photo Guest', email: 'photo.guest@example.com' };
  const { userId } = (
    await json<{ data: { userId: string } }>(await post('user/v2/createWebUser', guest))
  ).data;
  const form = new FormData();
  const fields = {
    gratitudeType: 'REVIEW',
    icon: 'RECOGNITION',
    title: reviewTitle(guest.fullName, 'RECOGNITION', userName),
    sayThanks: 'Three photos from the party',
    accountType: 'Guest',
    guestName: guest.fullName,
    email: guest.email,
    latitude: '0',
    longitude: '0',
    getThanksUserId: profile,
    userId,
    ngoId: '',
    isRecurring: 'false',
    isDonate: 'false',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) {
    form.append(
      'media',
      new Blob([new Uint8Array(photo.buffer)], { type: 'image/jpeg' }),
      photo.name,
    );
  }
  const started = performance.now();
  const answer = await json<{ data: { data: { id: string } } }>(
    await fetch(`${api}/gratitude/image-gratitude`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': randomUUID() },
      body: form,
    }),
  );
  const ms = Math.round(performance.now() - started);
  const { id } = answer.data.data;
  const db = JSON.parse(await readFile(path.join(dataDir, DATA_FILE_NAME), 'utf8')) as Db;
  const record = db.feed.find((item) => item.id === id);
  if (!record) throw new Error(`review ${id} is not in ${dataDir}/${DATA_FILE_NAME}`);
  const stored: StoredPhoto[] = [];
  for (const media of record.media) {
    const file = path.join(dataDir, UPLOADS_DIR_NAME, media.imgUrl.replace(/^uploads\//, ''));
    const metadata = await sharp(file).metadata();
    stored.push({
      path: media.imgUrl,
      bytes: (await stat(file)).size,
      width: metadata.width ?? 0,
      height: metadata.height ?? 0,
      exif: metadata.exif !== undefined,
    });
  }
  const urls = record.media.map((media) => mediaUrl(apiOrigin, media.imgUrl)!);
  return { id, ms, stored, urls };
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

/** Every step of the section, in order; a step that fails is named by the bench and skipped. */
export async function measurePhotos(harness: PhotosHarness): Promise<PhotosReport> {
  const { tmp, log, section } = harness;
  const photos = await makeBenchPhotos();
  log(`  photos made: ${photos.map((p) => `${p.name} ${kb(p.buffer.length)}`).join(', ')}`);
  const report: PhotosReport = {
    profile: PHOTO_PROFILE,
    photos: photos.map((p) => ({ name: p.name, bytes: p.buffer.length })),
    seeded: null,
    firstView: null,
    referenceView: null,
    gallery: null,
    upload: null,
    endpoint: null,
    resizes: null,
    bomb: null,
    abuse: null,
  };

  // The browser steps, on the preview (the app and the mock API on one origin).
  const dataDir = await mkdtemp(path.join(tmp, 'photos-data-'));
  const preview = await harness.startPreview(dataDir, path.join(tmp, 'preview-photos.log'));
  try {
    report.seeded = await section('photos: three 12 MP photos sent to sam-lee (API)', () =>
      sendPhotoReview(preview.baseUrl, dataDir, photos),
    );
    if (report.seeded) {
      const { stored, ms } = report.seeded;
      log(
        `  stored in ${ms} ms: ${stored.map((s) => `${s.width}x${s.height} ${kb(s.bytes)}${s.exif ? ' EXIF' : ''}`).join(', ')}`,
      );
      await harness.withBrowser(async (browser) => {
        report.firstView = await section(`photos: first view of ${PHOTO_PROFILE}`, () =>
          firstView(browser, preview.baseUrl, PHOTO_PROFILE),
        );
        report.referenceView = await section(`photos: first view of ${REFERENCE_PROFILE}`, () =>
          firstView(browser, preview.baseUrl, REFERENCE_PROFILE),
        );
        for (const view of [report.firstView, report.referenceView]) {
          if (view)
            log(`  ${view.profile}: ${kb(view.pictureBytes)} in ${view.pictures.length} pictures`);
        }
        report.gallery = await section(`photos: gallery thumbnails of ${PHOTO_PROFILE}`, () =>
          galleryThumbnails(browser, preview.baseUrl, PHOTO_PROFILE),
        );
        if (report.gallery) log(`  largest thumbnail ${kb(report.gallery.largestBytes)}`);
        report.upload = await section('photos: three photos through the form, 750 kbps up', () =>
          uploadThroughForm(browser, preview.baseUrl, PHOTO_PROFILE, photos),
        );
        if (report.upload) {
          log(
            `  Submit -> Congratulations ${(report.upload.submitToCongratulationsMs / 1000).toFixed(1)} s, ${kb(report.upload.sentBytes)} sent (prepared in ${(report.upload.pickToPreparedMs / 1000).toFixed(1)} s)`,
          );
        }
      });
    }
  } finally {
    await harness.stopPreview(preview);
  }

  // The endpoint, on the production server alone in front of the mock API.
  const apiDir = await mkdtemp(path.join(tmp, 'photos-api-data-'));
  const mockApi = harness.track(await startMockApi(apiDir, path.join(tmp, 'photos-mock-api.log')));
  const seeded = await section('photos: the same photos sent to the mock API alone', () =>
    sendPhotoReview(mockApi.baseUrl, apiDir, photos),
  );
  if (!seeded) return report;
  const server = async (name: string) => {
    const started = harness.track(
      await startProductionServer({
        name,
        apiBaseUrl: `${mockApi.baseUrl}/api`,
        logFile: path.join(tmp, `${name}.log`),
      }),
    );
    log(
      `  ${name}: ${started.baseUrl} (pid ${started.pid}, ${await assertNodeServer(started.pid)})`,
    );
    return started;
  };
  report.endpoint = await section('photos: the image endpoint, cold and warm', async () => {
    const latencyServer = await server('server-photos-latency');
    try {
      return await endpointLatency(latencyServer, seeded.urls);
    } finally {
      await latencyServer.stop();
    }
  });
  report.bomb = await section('photos: a decompression bomb asked of the endpoint', async () => {
    // A media file of the API's like any other (110 KB) that declares 30000 x 30000 pixels.
    const name = 'bench-bomb.png';
    await writeFile(path.join(apiDir, UPLOADS_DIR_NAME, name), await makePngBomb());
    const bombServer = await server('server-photos-bomb');
    try {
      return await bombRefusal(bombServer, mediaUrl(mockApi.baseUrl, `uploads/${name}`)!);
    } finally {
      await bombServer.stop();
    }
  });
  report.abuse = await section('photos: nested and made-up image addresses at once', async () => {
    const abuseServer = await server('server-photos-abuse');
    try {
      return await abuseResistance(abuseServer, seeded.urls);
    } finally {
      await abuseServer.stop();
    }
  });
  report.resizes = await section(
    'photos: page renders and RSS while 20 cold resizes run',
    async () => {
      const loadServer = await server('server-photos-resizes');
      try {
        return await resizesUnderLoad(loadServer, seeded.urls);
      } finally {
        await loadServer.stop();
      }
    },
  );
  return report;
}
