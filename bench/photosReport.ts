// The "real photos" section's figures against issue 23's targets (bench/photos.ts measures them).
import { NETWORK } from './phone';
import { REFERENCE_PROFILE, type PhotosReport } from './photos';
import { ABUSE, CONCURRENT_RESIZES } from './photoServer';
import { PRODUCTION } from './production';
import { TARGETS, type Check } from './report';

/** The same figures before issue 23 (its own measurements), for comparison. */
const PHOTOS_BEFORE = {
  firstView: '10,763 KB',
  referenceView: '152 KB',
  thumbnail: '3.6 MB',
  upload: 'not sent within 120 s',
};

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const times = (value: number) => `${value.toFixed(2)}x`;
/** The machine is shared: its 1-minute load average when a run started and ended. */
const machineLoad = (load: { loadAverage: [number, number] }) =>
  `machine load ${load.loadAverage[0]} -> ${load.loadAverage[1]}`;

function browserChecks(p: PhotosReport): Check[] {
  const kbps = (bytesPerSecond: number) => Math.round((bytesPerSecond * 8) / 1024);
  const group = `Real photos: ${p.profile}'s newest review holds three 12 MP photos (${p.photos.map((x) => kb(x.bytes)).join(' / ')}, GPS EXIF, sent through the API); phone 390x844, DPR 3, ${NETWORK.latency} ms RTT, ${kbps(NETWORK.downloadThroughput)} kbps down, ${kbps(NETWORK.uploadThroughput)} kbps up, CPU not throttled`;
  const checks: Check[] = [];
  if (p.seeded) {
    checks.push({
      group,
      figure: 'the photos as stored by the mock API',
      value: p.seeded.stored.map((s) => `${s.width}x${s.height}`).join(', '),
      target: '-',
      note: `${p.seeded.stored.map((s) => `${kb(s.bytes)}${s.exif ? ' with EXIF' : ', no EXIF'}`).join('; ')}; sent in ${ms(p.seeded.ms)} (loopback)`,
    });
  }
  const view = p.firstView;
  const reference = p.referenceView;
  if (view) {
    const largest = [...view.pictures].sort((a, b) => b.transferBytes - a.transferBytes)[0];
    checks.push({
      group,
      figure: `first view of ${view.profile}: picture bytes, no scrolling, until the network is quiet`,
      value: kb(view.pictureBytes),
      target: `<= ${kb(TARGETS.photoFirstViewBytes)}`,
      met: view.pictureBytes <= TARGETS.photoFirstViewBytes,
      note: `${view.pictures.length} pictures${largest ? `, largest ${kb(largest.transferBytes)} (${largest.contentType})` : ''}${reference ? `; ${(view.pictureBytes / reference.pictureBytes).toFixed(2)}x ${REFERENCE_PROFILE}'s` : ''}; pictures shown with fewer pixels than their box needs at DPR 3 (a wider copy existing): ${view.underSized} of ${view.shown.length}; before: ${PHOTOS_BEFORE.firstView}`,
    });
  }
  if (reference) {
    checks.push({
      group,
      figure: `first view of ${reference.profile} (seed media, the reference)`,
      value: kb(reference.pictureBytes),
      target: '-',
      note: `${reference.pictures.length} pictures; before: ${PHOTOS_BEFORE.referenceView}`,
    });
  }
  if (p.gallery) {
    const g = p.gallery;
    checks.push({
      group,
      figure: `largest thumbnail of ${g.profile}'s Photos/Videos tab`,
      value: kb(g.largestBytes),
      target: `<= ${kb(TARGETS.galleryThumbnailBytes)}`,
      met: g.largestBytes <= TARGETS.galleryThumbnailBytes,
      note: `${g.thumbnails.length} thumbnails, ${kb(g.totalBytes)} in all, each ${g.thumbnails.map((t) => `${t.pixelWidth} px wide for a box of ${t.neededWidth}`).join(', ')}; before: ${PHOTOS_BEFORE.thumbnail}`,
    });
  }
  if (p.upload) {
    const u = p.upload;
    const files = u.forms.flatMap((f) => f.files);
    checks.push({
      group,
      figure: 'three photos through the review form: Submit -> Congratulations',
      value: seconds(u.submitToCongratulationsMs),
      target: `<= ${seconds(TARGETS.photoUploadMs)}`,
      met: u.submitToCongratulationsMs <= TARGETS.photoUploadMs,
      note: `sent ${kb(u.sentBytes)} (picked ${kb(u.pickedBytes)}) in ${u.forms.length} form(s): ${files.map((f) => `${kb(f.bytes)} ${f.type}`).join(', ')}; ${times(u.submitToCongratulationsMs / u.wireMsAtUplink)} the ${seconds(u.wireMsAtUplink)} those bytes take at the uplink's rate; prepared in the browser ${seconds(u.pickToPreparedMs)} after the pick; before: ${PHOTOS_BEFORE.upload}`,
    });
  }
  return checks;
}

function endpointChecks(p: PhotosReport): Check[] {
  const e = p.endpoint;
  if (!e) return [];
  const group = `Image endpoint (/_img) of the production server (pid ${e.pid}, fresh), on the 12 MP photos from the mock API; one request at a time, Accept as Chromium's <img>`;
  const page = e.cachedPage.medianMs;
  const checks: Check[] = [
    {
      group,
      figure: 'the cached profile page (the reference), median',
      value: ms(page),
      target: '-',
      note: `${e.cachedPage.samples.length} requests; the original photo from the mock API's /media: ${ms(e.original.medianMs)} (${kb(e.original.samples[0]?.bytes ?? 0)})`,
    },
  ];
  for (const { width, cold, warm } of e.byWidth) {
    const answer = cold.samples[0];
    checks.push(
      {
        group,
        figure: `cold: w=${width}, the first request of each photo's variant, median`,
        value: ms(cold.medianMs),
        target: '-',
        note: `${times(cold.medianMs / page)} the cached page; ${times(cold.medianMs / e.original.medianMs)} the original's fetch; ${cold.samples.map((s) => ms(s.ms)).join(', ')}; answers ${answer ? `${kb(answer.bytes)} ${answer.contentType}` : '?'}`,
      },
      {
        group,
        figure: `warm: w=${width}, the same again, median`,
        value: ms(warm.medianMs),
        target: '-',
        note: `${times(warm.medianMs / page)} the cached page; ${warm.samples.length} requests`,
      },
    );
  }
  return checks;
}

function resizeChecks(p: PhotosReport): Check[] {
  const r = p.resizes;
  if (!r) return [];
  const group = `Production server (pid ${r.pid}, fresh) while ${CONCURRENT_RESIZES} cold resizes of the 12 MP photos run at once: the cached profile page at ${PRODUCTION.connections} connections`;
  const clean = (load: typeof r.loaded) =>
    load.non2xx === 0 && load.errors === 0 && load.timeouts === 0 && load.totalRequests > 0;
  const answered = r.resizes.filter((x) => x.status === 200).length;
  return [
    {
      group,
      figure: 'profile page p99, no resizes (the reference)',
      value: ms(r.baseline.latencyP99Ms),
      target: '-',
      note: `${Math.round(r.baseline.requestsPerSecond).toLocaleString('en-US')} req/s over ${r.baseline.durationSeconds} s; RSS peak ${mb(r.rssPeakBaselineBytes)}; ${machineLoad(r.baseline)}`,
    },
    {
      group,
      figure: `profile page p99 while the ${CONCURRENT_RESIZES} resizes run`,
      value: ms(r.loaded.latencyP99Ms),
      target: `<= ${ms(TARGETS.resizeLoadP99Ms)}`,
      met: clean(r.loaded) && r.loaded.latencyP99Ms <= TARGETS.resizeLoadP99Ms,
      note: `${times(r.p99OverBaseline)} the reference; p50 ${ms(r.loaded.latencyP50Ms)}; ${Math.round(r.loaded.requestsPerSecond).toLocaleString('en-US')} req/s over ${r.loaded.durationSeconds} s; non-2xx / errors / timeouts ${r.loaded.non2xx} / ${r.loaded.errors} / ${r.loaded.timeouts}; ${machineLoad(r.loaded)}`,
    },
    {
      group,
      figure: 'server RSS, peak while the resizes run',
      value: mb(r.rssPeakDuringResizesBytes),
      target: `<= ${mb(TARGETS.resizeLoadRssBytes)}`,
      met: r.rssPeakDuringResizesBytes <= TARGETS.resizeLoadRssBytes,
      note: `before ${mb(r.rssBeforeBytes)}, peak with no resizes ${mb(r.rssPeakBaselineBytes)}, after ${mb(r.rssAfterBytes)}`,
    },
    {
      group,
      figure: 'resizes answered 200',
      value: `${answered} of ${r.resizes.length}`,
      target: `${CONCURRENT_RESIZES}`,
      met: answered === CONCURRENT_RESIZES,
      note: `the last after ${seconds(r.resizesWallMs)}; each ${r.resizes.map((x) => `w=${x.width} ${x.status} ${seconds(x.ms)}`).join(', ')}`,
    },
  ];
}

/** A refusal that left the memory where it was: within this of RSS before (GC and sampling noise). */
const UNCHANGED_RSS_BYTES = 8 * 1024 * 1024;

function bombChecks(p: PhotosReport): Check[] {
  const b = p.bomb;
  if (!b) return [];
  const group = `Image endpoint (pid ${b.pid}, fresh): a decompression bomb from the media origin (a 110 KB PNG declaring 30000 x 30000 pixels), asked for at ${b.requests.length} widths one after another`;
  const slowest = Math.max(...b.requests.map((r) => r.ms));
  const refused = b.requests.filter((r) => r.status >= 400 && r.status < 500);
  return [
    {
      group,
      figure: 'refused with a 4xx, slowest answer',
      value: ms(slowest),
      target: `4xx within ${ms(TARGETS.bombRefusalMs)}`,
      met: refused.length === b.requests.length && slowest <= TARGETS.bombRefusalMs,
      note: b.requests.map((r) => `w=${r.width} ${r.status} ${ms(r.ms)}`).join(', '),
    },
    {
      group,
      figure: 'server RSS: peak while refusing, over before',
      value: `${mb(b.rssPeakBytes - b.rssBeforeBytes)}`,
      target: `unchanged (<= ${mb(UNCHANGED_RSS_BYTES)})`,
      met: b.rssPeakBytes - b.rssBeforeBytes <= UNCHANGED_RSS_BYTES,
      note: `before ${mb(b.rssBeforeBytes)}, peak ${mb(b.rssPeakBytes)}, after ${mb(b.rssAfterBytes)}`,
    },
  ];
}

function abuseChecks(p: PhotosReport): Check[] {
  const a = p.abuse;
  if (!a) return [];
  const group = `Image endpoint (pid ${a.pid}, fresh): ${ABUSE.nested} nested /_img addresses and ${ABUSE.madeUp} made-up ones (?v=<n>, a letter %-encoded) of a photo at once, an unrelated uncached 12 MP photo at w=640 meanwhile (issue 34)`;
  const statuses = Object.entries(a.statuses)
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');
  return [
    {
      group,
      figure: 'the unrelated photo, during over alone',
      value: `${ms(a.during.ms)} (${times(a.duringOverAlone)})`,
      target: `200 within ${ms(TARGETS.abuseUnrelatedMs)}`,
      met: a.during.status === 200 && a.during.ms <= TARGETS.abuseUnrelatedMs,
      note: `alone ${a.alone.status} ${ms(a.alone.ms)}, during ${a.during.status}`,
    },
    {
      group,
      figure: 'nested refused with a 4xx, slowest; 503s',
      value: `${a.nestedRefused} of ${ABUSE.nested}, ${ms(a.nestedSlowestMs)}; ${a.busy} x 503`,
      target: `all 4xx within ${ms(TARGETS.abuseRefusalMs)}, no 503`,
      met:
        a.nestedRefused === ABUSE.nested &&
        a.nestedSlowestMs <= TARGETS.abuseRefusalMs &&
        a.busy === 0,
      note: `every answer: ${statuses}`,
    },
  ];
}

export function photosChecks(p: PhotosReport): Check[] {
  return [
    ...browserChecks(p),
    ...endpointChecks(p),
    ...bombChecks(p),
    ...abuseChecks(p),
    ...resizeChecks(p),
  ];
}
