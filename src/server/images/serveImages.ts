// The image endpoint (IMAGE_ROUTE): `?url=<a picture of the media origins, or a path of the
// API's media>&w=<one of IMAGE_WIDTHS>` answers that picture at that width, upright, without metadata, as AVIF, WebP or JPEG by the
// request's Accept. Answers are kept in a bounded LRU cache (identical requests under way share one
// resize) and are cacheable by browsers, the nginx in deploy/ and any CDN. Resizes run one at a
// time by default, so they never take the cores page renders need; past a bounded number of
// pictures under way the answer is a 503 with Retry-After.
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
  type Resolve,
  type SourceLimits,
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

function wantedWidth(raw: string): number {
  const width = Number(raw);
  if (!/^\d+$/.test(raw) || !isImageWidth(width)) {
    throw new HttpError(400, `w must be one of ${IMAGE_WIDTHS.join(', ')}.`);
  }
  return width;
}

export function serveImages(options: ImageEndpointOptions): RequestHandler {
  const origins = normaliseOrigins(options.mediaOrigins);
  const sourceOptions = { origins, limits: options.sourceLimits, resolve: options.resolve };
  const downloads = pLimit(options.downloads ?? 4);
  const resizes = pLimit(options.concurrency ?? 1);
  const maxPending = options.maxPending ?? 32;
  const metrics = options.metrics;
  const answers = new LRUCache<string, Variant>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (variant) => variant.body.length + 200,
    // A picture replaced at its address is seen again within a day.
    ttl: 24 * 60 * 60 * 1000,
  });
  const pending = new Map<string, Promise<Variant>>();

  // The download slot is held until the resize ends, so at most `downloads` sources are in
  // memory; a slow origin holds a download slot, never the resize slot.
  const make = ({ source, width, format }: Wanted) =>
    downloads(async (): Promise<Variant> => {
      const picture = await fetchPicture(source, sourceOptions);
      const body = await resizes(() => resizePicture(picture.body, width, format));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      return { body, contentType: CONTENT_TYPES[format], etag };
    });

  /** The answer for `key`: kept, under way (shared), or made now if there is room. */
  function variantFor(key: string, wanted: Wanted): Promise<Variant> {
    const kept = answers.get(key);
    if (kept) {
      metrics?.images.inc({ source: 'hit' });
      return Promise.resolve(kept);
    }
    const underWay = pending.get(key);
    if (underWay) {
      metrics?.images.inc({ source: 'shared' });
      return underWay;
    }
    if (pending.size >= maxPending) {
      metrics?.images.inc({ source: 'busy' });
      throw new HttpError(503, 'Too many pictures are being resized; try again shortly.');
    }
    metrics?.images.inc({ source: 'made' });
    const made = make(wanted)
      .then((variant) => {
        answers.set(key, variant);
        return variant;
      })
      .finally(() => {
        pending.delete(key);
        metrics?.imagesPending.set(pending.size);
      });
    pending.set(key, made);
    metrics?.imagesPending.set(pending.size);
    return made;
  }

  return (req, res, next) => {
    metrics?.route(res, 'images');
    const answer = async () => {
      const width = wantedWidth(singleParameter(req.query.w, 'w'));
      const source = mediaSource(
        singleParameter(req.query.url, 'url'),
        origins,
        options.relativeTo,
      );
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
