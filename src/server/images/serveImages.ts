// The image endpoint (IMAGE_ROUTE): `?url=<a picture of the media origins, or a path of the
// API's media>&w=<one of IMAGE_WIDTHS>` answers that picture at that width, upright, without
// metadata, as AVIF, WebP or JPEG by the request's Accept. Answers are kept in a bounded LRU cache
// and are cacheable by browsers, the nginx in deploy/ and any CDN. Resizes run one at a time by
// default, so they never take the cores page renders need; past a bounded number of pictures
// under way the answer is a 503 with Retry-After.
// Made-up addresses must not cost a decode each (issue 34: 36 `?v=<n>` variants of one 49 MP PNG
// took 4 x 503 and 220 MB): a query is refused (sources.ts), and an answer is kept by the hash of
// the source's bytes as well as by its address, so `/MEDIA/a.png` and `/media/a.png` cost one
// download each but one decode in all (pictureAnswers.ts). Nor a slot each (issue 50: 40
// spellings of one picture held every slot, and everyone else's pictures were a 503): a source
// is downloaded once for all its widths and formats, by its canonical address (`/media/%61.png`
// is `/media/a.png`), and the slots count pictures (pictureGroup), whose spellings take turns
// (pictureTurns.ts). A request this endpoint made itself (IMAGE_FETCH_HEADER) is refused before
// it takes a slot: it would wait on this server.
import type { RequestHandler } from 'express';
import { IMAGE_WIDTHS, isImageWidth } from '../../config/images';
import { HttpError } from '../errors';
import type { ServerMetrics } from '../metrics';
import { createPictureAnswers, type Variant } from './pictureAnswers';
import { createPictureTurns } from './pictureTurns';
import { negotiateFormat } from './resize';
import {
  fetchPicture,
  mediaSource,
  normaliseOrigins,
  IMAGE_FETCH_HEADER,
  SOURCE_LIMITS,
  type Resolve,
  type SourceLimits,
  type SourcePolicy,
} from './sources';

/**
 * Browsers, nginx and CDNs keep a resized picture a week: a media address names one picture (an
 * upload gets a new address), and a week bounds how long a change of our encoder takes to show.
 */
export const IMAGE_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';
/** Seconds a client turned away (503) is asked to wait. */
const RETRY_AFTER_SECONDS = '5';

export interface ImageEndpointOptions {
  /** The origins pictures may come from (the API's media), e.g. `https://media.grati.com`. */
  mediaOrigins: readonly string[];
  /**
   * The origin the API's media paths are on (`url=/media/a.jpg`, as an API that names its media
   * relative to itself answers): the API's own. Without it only absolute addresses are taken.
   */
  relativeTo?: string;
  /** The site's own origin (PUBLIC_ORIGIN): never fetched from unless it is a media origin. */
  publicOrigin?: string;
  /** MEDIA_SIGNED_URLS: the API signs its media URLs, so a media address keeps its query. */
  signedUrls?: boolean;
  metrics?: ServerMetrics;
  /** Resizes at once (default 1: one core for pictures, the others for pages). */
  concurrency?: number;
  /**
   * Pictures downloaded at once, each holding its bytes until resized (default 4): bounds the
   * memory the sources take to `downloads` x `SourceLimits.maxBytes`.
   */
  downloads?: number;
  /**
   * Distinct pictures being made at once, waiting ones included (each counted once however it is
   * spelt: pictureGroup); past it a 503 (default 32).
   */
  maxPending?: number;
  /** Bytes of answers kept in memory (default 64 MB). */
  cacheBytes?: number;
  sourceLimits?: SourceLimits;
  /** Host name resolution for the media origins (default: the system's). */
  resolve?: Resolve;
}

/**
 * Spellings of one picture (pictureGroup: `/MEDIA/a.png`, `/media//a.png`) downloaded at once,
 * and how many more may wait their turn (pictureTurns.ts); past them a 503. A page never spells
 * one picture two ways; two at once still serve two pictures whose names differ only in case (a
 * case-sensitive origin may hold both), and the waiting ones are what issue 34's made-up
 * spellings were: answered (from the picture's bytes), only later.
 */
const SPELLINGS_AT_ONCE = 2;
const SPELLINGS_WAITING = 16;

function singleParameter(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new HttpError(400, `${name} must be given once.`);
  }
  return value;
}

const OWN_FETCH =
  'This request came from the image endpoint itself; it does not fetch from itself.';

/**
 * Refuses, at once, a request the image endpoint made (IMAGE_FETCH_HEADER): mounted ahead of
 * everything on a server whose endpoint might reach it (its own origin among the media origins,
 * under any name), so such a fetch never waits on this server's pages, API lookups or slots.
 * The API's media are served by another app in front of this one (the mock API in the demo, the
 * API's own server live), which never sees this refusal.
 */
export const refuseImageFetches: RequestHandler = (req, _res, next) => {
  next(req.get(IMAGE_FETCH_HEADER) === undefined ? undefined : new HttpError(403, OWN_FETCH));
};

function wantedWidth(raw: string): number {
  const width = Number(raw);
  if (!/^\d+$/.test(raw) || !isImageWidth(width)) {
    throw new HttpError(400, `w must be one of ${IMAGE_WIDTHS.join(', ')}.`);
  }
  return width;
}

export function serveImages(options: ImageEndpointOptions): RequestHandler {
  const policy: SourcePolicy = {
    origins: normaliseOrigins(options.mediaOrigins),
    relativeTo: options.relativeTo,
    publicOrigin: options.publicOrigin && new URL(options.publicOrigin).origin,
    signedUrls: options.signedUrls,
  };
  const sourceOptions = { ...policy, limits: options.sourceLimits, resolve: options.resolve };
  const metrics = options.metrics;
  const answers = createPictureAnswers({
    fetch: (source) => fetchPicture(source, sourceOptions),
    downloads: options.downloads ?? 4,
    concurrency: options.concurrency ?? 1,
    cacheBytes: options.cacheBytes ?? 64 * 1024 * 1024,
    turns: createPictureTurns({
      maxPictures: options.maxPending ?? 32,
      perPicture: SPELLINGS_AT_ONCE,
      maxWaiting: SPELLINGS_WAITING,
      maxWaitMs: (options.sourceLimits ?? SOURCE_LIMITS).timeoutMs,
    }),
    metrics,
  });

  return (req, res, next) => {
    metrics?.route(res, 'images');
    const answer = async () => {
      // Before any slot or pending entry: a fetch of ours that reached us must not wait on one.
      if (req.get(IMAGE_FETCH_HEADER) !== undefined) throw new HttpError(403, OWN_FETCH);
      const width = wantedWidth(singleParameter(req.query.w, 'w'));
      const source = mediaSource(singleParameter(req.query.url, 'url'), policy);
      const format = negotiateFormat(req.get('accept'));
      let variant: Variant;
      try {
        variant = await answers.variantFor({ source, width, format });
      } catch (error) {
        if (error instanceof HttpError && error.status === 503) {
          res.set('Retry-After', RETRY_AFTER_SECONDS);
        }
        throw error;
      }
      res.set({
        'Content-Type': variant.contentType,
        'Cache-Control': IMAGE_CACHE_CONTROL,
        ETag: variant.etag,
        // One address, several encodings: caches keep one copy per Accept (nginx per format).
        Vary: 'Accept',
      });
      if (req.fresh) res.status(304).end();
      else res.send(variant.body);
    };
    answer().catch(next);
  };
}
