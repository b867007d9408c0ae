// The image endpoint (IMAGE_ROUTE): `?url=<a picture of the media origins, or a path of the
// API's media>&w=<one of IMAGE_WIDTHS>` answers that picture at that width, upright, without
// metadata, as AVIF, WebP or JPEG by the request's Accept. Answers are kept in a bounded LRU cache
// and are cacheable by browsers, the nginx in deploy/ and any CDN. Resizes run one at a time by
// default, so they never take the cores page renders need; past a bounded number of pictures
// under way the answer is a 503 with Retry-After.
// Made-up addresses must not cost a decode each (issue 34: 36 `?v=<n>` variants of one 49 MP PNG
// took 4 x 503 and 220 MB): a query is refused (sources.ts), and an answer is kept by the hash of
// the source's bytes as well as by its address, so `/MEDIA/a.png`, `/media/%61.png` and
// `/media/a.png` cost one download each but one decode in all. A request this endpoint made
// itself (IMAGE_FETCH_HEADER) is refused before it takes a slot: it would wait on this server.
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { IMAGE_WIDTHS, isImageWidth } from '../../config/images';
import { HttpError } from '../errors';
import type { ServerMetrics } from '../metrics';
import { CONTENT_TYPES, negotiateFormat, resizePicture, type OutputFormat } from './resize';
import {
  fetchPicture,
  mediaSource,
  normaliseOrigins,
  IMAGE_FETCH_HEADER,
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
  /** Distinct pictures being made at once, waiting ones included; past it a 503 (default 32). */
  maxPending?: number;
  /** Bytes of answers kept in memory (default 64 MB). */
  cacheBytes?: number;
  sourceLimits?: SourceLimits;
  /** Host name resolution for the media origins (default: the system's). */
  resolve?: Resolve;
}

interface Variant {
  body: Buffer;
  contentType: string;
  etag: string;
}

interface Wanted {
  source: URL;
  width: number;
  format: OutputFormat;
}

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
  const downloads = pLimit(options.downloads ?? 4);
  const resizes = pLimit(options.concurrency ?? 1);
  const maxPending = options.maxPending ?? 32;
  const metrics = options.metrics;
  // Answers by what was resized (`format width sha256-of-source`), and each address's last known
  // content key: a second address of the same bytes finds the answer without a decode.
  const answers = new LRUCache<string, Variant>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (variant) => variant.body.length + 200,
    // A picture replaced at its address is seen again within a day.
    ttl: 24 * 60 * 60 * 1000,
  });
  const contentOf = new LRUCache<string, string>({ max: 20_000, ttl: 24 * 60 * 60 * 1000 });
  // Under way: by address (identical requests share one download) and by content (addresses of
  // the same bytes share one decode).
  const pending = new Map<string, Promise<Variant>>();
  const decoding = new Map<string, Promise<Variant>>();

  function decode(contentKey: string, body: Buffer, { width, format }: Wanted): Promise<Variant> {
    const made = resizes(() => resizePicture(body, width, format))
      .then((resized) => {
        const etag = `"${createHash('sha256').update(resized).digest('base64url').slice(0, 27)}"`;
        const variant = { body: resized, contentType: CONTENT_TYPES[format], etag };
        answers.set(contentKey, variant);
        return variant;
      })
      .finally(() => decoding.delete(contentKey));
    decoding.set(contentKey, made);
    return made;
  }

  // The download slot is held until the resize ends, so at most `downloads` sources are in
  // memory; a slow origin holds a download slot, never the resize slot. Bytes whose answer is
  // kept or being made let go of their slot at once: they are not needed.
  const make = (addressKey: string, wanted: Wanted) => {
    let follow: Promise<Variant> | undefined;
    return downloads(async (): Promise<Variant | undefined> => {
      const picture = await fetchPicture(wanted.source, sourceOptions);
      const hash = createHash('sha256').update(picture.body).digest('base64url');
      const contentKey = `${wanted.format} ${wanted.width} ${hash}`;
      contentOf.set(addressKey, contentKey);
      const kept = answers.get(contentKey);
      follow = kept ? undefined : decoding.get(contentKey);
      if (kept || follow) metrics?.images.inc({ source: 'same-bytes' });
      if (kept) return kept;
      if (follow) return undefined;
      return decode(contentKey, picture.body, wanted);
    }).then((variant) => variant ?? follow!);
  };

  /** The answer for an address: kept, under way (shared), or made now if there is room. */
  function variantFor(addressKey: string, wanted: Wanted): Promise<Variant> {
    const contentKey = contentOf.get(addressKey);
    const kept = contentKey === undefined ? undefined : answers.get(contentKey);
    if (kept) {
      metrics?.images.inc({ source: 'hit' });
      return Promise.resolve(kept);
    }
    const underWay = pending.get(addressKey);
    if (underWay) {
      metrics?.images.inc({ source: 'shared' });
      return underWay;
    }
    if (pending.size >= maxPending) {
      metrics?.images.inc({ source: 'busy' });
      throw new HttpError(503, 'Too many pictures are being resized; try again shortly.');
    }
    metrics?.images.inc({ source: 'made' });
    const made = make(addressKey, wanted).finally(() => {
      pending.delete(addressKey);
      metrics?.imagesPending.set(pending.size);
    });
    pending.set(addressKey, made);
    metrics?.imagesPending.set(pending.size);
    return made;
  }

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
        variant = await variantFor(`${format} ${width} ${source.href}`, { source, width, format });
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
