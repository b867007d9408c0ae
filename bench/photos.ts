// The `photos` section (issue 23): three 12 MP phone photos (4032 x 3024 JPEGs with camera and GPS
// EXIF, made now by scripts/phonePhotos.ts, never written to the repository) sent to sam-lee
// through the API, then measured in the browser (photoBrowser.ts) and at the production server's
// image endpoint (photoServer.ts, imageAbuse.ts, imageSpellings.ts). A step that fails keeps the
// others.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DATA_FILE_NAME, UPLOADS_DIR_NAME } from '../mock-api/db/store';
import type { Db } from '../mock-api/db/types';
import { mediaUrl } from '../mock-api/media';
import { makePhonePhoto } from '../scripts/phonePhotos';
import type { GroupProcess } from '../scripts/serverProcess';
import { makePngBomb } from '../src/server/images/testing';
import { PHONE_DESCRIPTION } from './browser';
import { AUTH, PHOTO_PROFILE, createGuest, formOf, json, reviewFields, userNameOf } from './demo';
import { KB, seconds, times, wholeKb } from './format';
import type { Harness, Section } from './harness';
import { abuseFigures, abuseResistance, bombFigures, bombRefusal } from './imageAbuse';
import { spellingFigures, spellingSteps } from './imageSpellings';
import { firstView, galleryThumbnails, uploadThroughForm } from './photoBrowser';
import { resizeFigures, resizesUnderLoad } from './photoServer';
import { onFreshServer, startMockApi } from './processes';
import type { Figure, FigureGroup } from './reporter';

const TARGETS = { firstViewBytes: 600 * KB, galleryThumbnailBytes: 150 * KB, uploadMs: 25_000 };
type BenchPhoto = { name: string; buffer: Buffer };

/** Sends the photos as one recognition to PHOTO_PROFILE (the app form's fields); returns their
 * URLs as the API prints them, read from its data dir (the answer holds only the review's id). */
async function sendPhotoReview(apiOrigin: string, dataDir: string, photos: readonly BenchPhoto[]) {
  const api = `${apiOrigin}/api`;
  const to = { profile: PHOTO_PROFILE, userName: await userNameOf(api, PHOTO_PROFILE) };
  const guest = await createGuest(api, 'Photo Guest', 'photo.guest@example.com');
  const sayThanks = 'Three photos from the party';
  const form = formOf(
    reviewFields(guest, to, { gratitudeType: 'REVIEW', icon: 'RECOGNITION', sayThanks }),
  );
  for (const { name, buffer } of photos) {
    form.append('media', new Blob([new Uint8Array(buffer)], { type: 'image/jpeg' }), name);
  }
  const answer = await json<{ data: { data: { id: string } } }>(
    await fetch(`${api}/gratitude/image-gratitude`, {
      method: 'POST',
      headers: { ...AUTH, 'Idempotency-Key': randomUUID() },
      body: form,
    }),
  );
  const { id } = answer.data.data;
  const db = JSON.parse(await readFile(path.join(dataDir, DATA_FILE_NAME), 'utf8')) as Db;
  const record = db.feed.find((item) => item.id === id);
  if (!record) throw new Error(`review ${id} is not in ${dataDir}/${DATA_FILE_NAME}`);
  return { urls: record.media.map((m) => mediaUrl(apiOrigin, m.imgUrl)!) };
}

/** The browser steps, on a preview of its own (the app and the mock API on one origin). */
async function browserSteps(h: Harness, photos: BenchPhoto[]) {
  const dataDir = await mkdtemp(path.join(h.tmp, 'photos-data-'));
  const preview = await h.startPreview(dataDir, 'preview-photos');
  const { baseUrl } = preview;
  try {
    const seeded = await h.step(`photos: three 12 MP photos sent to ${PHOTO_PROFILE} (API)`, () =>
      sendPhotoReview(baseUrl, dataDir, photos),
    );
    if (!seeded) return { seeded, firstView: null, gallery: null, upload: null };
    return await h.withBrowser(async (browser) => ({
      seeded,
      firstView: await h.step(`photos: first view of ${PHOTO_PROFILE}`, () =>
        firstView(browser, baseUrl, PHOTO_PROFILE),
      ),
      gallery: await h.step(`photos: gallery thumbnails of ${PHOTO_PROFILE}`, () =>
        galleryThumbnails(browser, baseUrl, PHOTO_PROFILE),
      ),
      upload: await h.step('photos: three photos through the form, 750 kbps up', () =>
        uploadThroughForm(browser, baseUrl, PHOTO_PROFILE, photos),
      ),
    }));
  } finally {
    await h.stop(preview);
  }
}

/** The endpoint steps, each on a fresh production server alone in front of the mock API. */
async function serverSteps(h: Harness, photos: BenchPhoto[]) {
  const apiDir = await mkdtemp(path.join(h.tmp, 'photos-api-data-'));
  const mockApi = h.track(await startMockApi(apiDir, path.join(h.tmp, 'photos-mock-api.log')));
  const seeded = await h.step('photos: the same photos sent to the mock API alone', () =>
    sendPhotoReview(mockApi.baseUrl, apiDir, photos),
  );
  if (!seeded) return {};
  const on = <T>(step: string, name: string, work: (server: GroupProcess) => Promise<T>) =>
    h.step(`photos: ${step}`, () => onFreshServer(h, mockApi, `server-photos-${name}`, work));
  return {
    bomb: await h.step('photos: a decompression bomb asked of the endpoint', async () => {
      // A media file of the API's like any other (110 KB) that declares 30000 x 30000 pixels.
      await writeFile(path.join(apiDir, UPLOADS_DIR_NAME, 'bench-bomb.png'), await makePngBomb());
      const source = mediaUrl(mockApi.baseUrl, 'uploads/bench-bomb.png')!;
      return onFreshServer(h, mockApi, 'server-photos-bomb', (s) => bombRefusal(s, source));
    }),
    abuse: await on('nested and made-up image addresses at once', 'abuse', (server) =>
      abuseResistance(server, seeded.urls),
    ),
    spellings: await h.step(
      'photos: spellings of one picture and held connections (issue 50)',
      () => spellingSteps(h, mockApi, seeded.urls),
    ),
    resizes: await on('page renders and RSS while 20 cold resizes run', 'resizes', (server) =>
      resizesUnderLoad(server, seeded.urls),
    ),
  };
}

type PhotosReport = { photos: { name: string; bytes: number }[] } & Partial<
  Awaited<ReturnType<typeof browserSteps>> & Awaited<ReturnType<typeof serverSteps>>
>;

/** The browser's figures. */
function browserFigures(p: PhotosReport): FigureGroup {
  const { firstView: view, gallery: g, upload: u } = p;
  const figures: Figure[] = [];
  if (view) {
    const largest = [...view.pictures].sort((a, b) => b.transferBytes - a.transferBytes)[0];
    figures.push({
      name: `first view of ${view.profile}: picture bytes, no scrolling, until the network is quiet`,
      value: view.pictureBytes,
      unit: wholeKb,
      target: { atMost: TARGETS.firstViewBytes },
      note: `${view.pictures.length} pictures${largest ? `, largest ${wholeKb(largest.transferBytes)} (${largest.contentType})` : ''}`,
    });
  }
  if (g) {
    figures.push({
      name: `largest thumbnail of ${g.profile}'s Photos/Videos tab`,
      value: g.largestBytes,
      unit: wholeKb,
      target: { atMost: TARGETS.galleryThumbnailBytes },
      note: `${g.thumbnails.length} thumbnails, ${wholeKb(g.totalBytes)} in all`,
    });
  }
  if (u) {
    figures.push({
      name: 'three photos through the review form: Submit -> Congratulations',
      value: u.submitToCongratulationsMs,
      unit: seconds,
      target: { atMost: TARGETS.uploadMs },
      note: `sent ${wholeKb(u.sentBytes)} (picked ${wholeKb(u.pickedBytes)}) in ${u.uploads} request(s); ${times(u.submitToCongratulationsMs / u.wireMsAtUplink)} the wire time of those bytes at the uplink's rate (${seconds(u.wireMsAtUplink)}); prepared in the browser ${seconds(u.pickToPreparedMs)} after the pick`,
    });
  }
  return {
    group: `Real photos: ${PHOTO_PROFILE}'s newest review holds three 12 MP photos (${p.photos.map((x) => wholeKb(x.bytes)).join(' / ')}, GPS EXIF, sent through the API); phone ${PHONE_DESCRIPTION}, CPU not throttled`,
    figures,
  };
}

/** Real 12 MP phone photos in the browser and at the image endpoint. */
export const photosSection: Section = {
  name: 'photos',
  async run(h) {
    const photos = await h.step('real photos (three 12 MP phone photos)', async () => {
      const made: BenchPhoto[] = [];
      for (const seed of [1, 2, 3]) {
        made.push({ name: `IMG_${4000 + seed}.jpg`, buffer: await makePhonePhoto({ seed }) });
      }
      return made;
    });
    if (!photos) return { results: { photos: null }, figures: [] };
    const report: PhotosReport = {
      photos: photos.map((p) => ({ name: p.name, bytes: p.buffer.length })),
      ...(await h.step('photos: the browser steps', () => browserSteps(h, photos))),
      ...(await h.step('photos: the image endpoint steps', () => serverSteps(h, photos))),
    };
    const { bomb, abuse, spellings, resizes } = report;
    return {
      results: { photos: { profile: PHOTO_PROFILE, ...report } },
      figures: [
        browserFigures(report),
        ...(bomb ? [bombFigures(bomb)] : []),
        ...(abuse ? [abuseFigures(abuse)] : []),
        ...(spellings ? spellingFigures(spellings) : []),
        ...(resizes ? [resizeFigures(resizes)] : []),
      ],
    };
  },
};
