// The image endpoint's answers (serveImages.ts): each kept in a bounded LRU cache by the hash of
// its source's bytes (with width and format) as well as by address, so addresses of one picture
// share one decode; each source downloaded once for all the widths and formats asked of it while
// it is under way, by its canonical address; downloads, held bytes and resizes bounded, and each
// download holding its picture's turn (pictureTurns.ts), so spellings of one picture never take
// the slots of others.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { fairLimit } from './fairLimit';
import type { ServerMetrics } from '../metrics';
import { pictureGroup, type FetchedPicture } from './sources';
import type { PictureTurns, Release } from './pictureTurns';
import { CONTENT_TYPES, resizePicture, type OutputFormat } from './resize';

export interface Variant {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface Wanted {
  source: URL;
  width: number;
  format: OutputFormat;
}

const variantKey = ({ format, width }: Wanted) => `${format} ${width}`;

interface Downloaded {
  body: Buffer;
  /** sha256 of the body: answers are kept by it. */
  hash: string;
}

/** A source being downloaded, or its answers being made. */
interface SourceUnderWay {
  bytes: Promise<Downloaded>;
  /** The answers asked of it, by `format width`. */
  answers: Map<string, Promise<Variant>>;
  /** Each answer's use of the bytes, which ends before the answer does when it follows another. */
  using: Promise<unknown>[];
}

export interface PictureAnswerOptions {
  /** Fetches a source within the media origins and the limits (sources.ts). */
  fetch: (source: URL) => Promise<FetchedPicture>;
  /** Sources downloaded (and their bytes held) at once. */
  downloads: number;
  /** Resizes at once. */
  concurrency: number;
  /** Bytes of answers kept. */
  cacheBytes: number;
  turns: PictureTurns;
  metrics?: ServerMetrics;
}

export interface PictureAnswers {
  /**
   * The answer for an address: kept, under way (shared), or made now if its picture has a turn
   * free, or once one is; past that an HttpError 503.
   */
  variantFor(wanted: Wanted): Promise<Variant>;
}

export function createPictureAnswers(options: PictureAnswerOptions): PictureAnswers {
  const { metrics, turns } = options;
  const downloads = pLimit(options.downloads);
  // In turn by picture (its bytes' hash): one picture's many widths never hold back another's.
  const resizes = fairLimit(options.concurrency);
  // Answers by what was resized (`format width sha256-of-source`), and each address's last known
  // content key: a second address of the same bytes finds the answer without a decode.
  const answers = new LRUCache<string, Variant>({
    maxSize: options.cacheBytes,
    sizeCalculation: (variant) => variant.body.length + 200,
    // A picture replaced at its address is seen again within a day.
    ttl: 24 * 60 * 60 * 1000,
  });
  const contentOf = new LRUCache<string, string>({ max: 20_000, ttl: 24 * 60 * 60 * 1000 });
  // Under way: sources by canonical address (every width and format of one address shares one
  // download; each holds its picture's turn), and answers by content (addresses of the same
  // bytes share one decode).
  const sources = new Map<string, SourceUnderWay>();
  const decoding = new Map<string, Promise<Variant>>();

  function decode(
    contentKey: string,
    { body, hash }: Downloaded,
    { width, format }: Wanted,
  ): Promise<Variant> {
    const made = resizes(hash, () => resizePicture(body, width, format))
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

  const pendingChanged = () => metrics?.imagesPending.set(sources.size);

  /**
   * Downloads a source once for all the answers asked of it while it is under way. Its download
   * slot is held until each of them has what it needs of the bytes, so at most `downloads`
   * sources are in memory; a slow origin holds a download slot, never the resize slot.
   */
  function download(source: URL, release: Release): SourceUnderWay {
    let arrived: (bytes: Downloaded) => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    const bytes = new Promise<Downloaded>((resolve, reject) => {
      arrived = resolve;
      failed = reject;
    });
    // Each answer asked of it hears a failure; this only keeps it from being "unhandled".
    bytes.catch(() => undefined);
    const entry: SourceUnderWay = { bytes, answers: new Map(), using: [] };
    sources.set(source.href, entry);
    pendingChanged();
    void downloads(async () => {
      try {
        const picture = await options.fetch(source);
        const hash = createHash('sha256').update(picture.body).digest('base64url');
        arrived({ body: picture.body, hash });
        // Answers asked for while the others were made join them: wait until none is left.
        for (let done = 0; done < entry.using.length;) {
          done = entry.using.length;
          await Promise.allSettled(entry.using);
        }
      } catch (error) {
        failed(error);
      } finally {
        // In the same turn as the last check: an answer asked for from here on downloads anew.
        sources.delete(source.href);
        release();
        pendingChanged();
      }
    });
    return entry;
  }

  /**
   * The answer `wanted` of a source under way, made from its bytes once they are here. Bytes
   * whose answer is kept or being made (another address of the same picture) are let go at
   * once: they are not needed.
   */
  function answerOf(entry: SourceUnderWay, addressKey: string, wanted: Wanted): Promise<Variant> {
    let follow: Promise<Variant> | undefined;
    const using = entry.bytes.then((downloaded): Promise<Variant> | Variant | undefined => {
      const { hash } = downloaded;
      const contentKey = `${wanted.format} ${wanted.width} ${hash}`;
      contentOf.set(addressKey, contentKey);
      const kept = answers.get(contentKey);
      follow = kept ? undefined : decoding.get(contentKey);
      if (kept || follow) metrics?.images.inc({ source: 'same-bytes' });
      if (kept) return kept;
      if (follow) return undefined;
      return decode(contentKey, downloaded, wanted);
    });
    entry.using.push(using);
    const answer = using.then((variant) => variant ?? follow!);
    entry.answers.set(variantKey(wanted), answer);
    return answer;
  }

  /** The answer kept for an address, if its bytes were seen and their answer is still kept. */
  function keptAnswer(addressKey: string): Variant | undefined {
    const contentKey = contentOf.get(addressKey);
    const kept = contentKey === undefined ? undefined : answers.get(contentKey);
    if (kept) metrics?.images.inc({ source: 'hit' });
    return kept;
  }

  /** The answer from a source under way: shared if it is being made, else made from its bytes. */
  function fromSource(entry: SourceUnderWay, addressKey: string, wanted: Wanted) {
    const underWay = entry.answers.get(variantKey(wanted));
    if (underWay) {
      metrics?.images.inc({ source: 'shared' });
      return underWay;
    }
    metrics?.images.inc({ source: 'made' });
    return answerOf(entry, addressKey, wanted);
  }

  /** With the picture's turn: the answer, kept or under way by now, or downloaded. */
  function withTurn(release: Release, addressKey: string, wanted: Wanted): Promise<Variant> {
    const kept = keptAnswer(addressKey);
    const entry = kept ? undefined : sources.get(wanted.source.href);
    if (kept || entry) {
      // Not needed after all: the next spelling waiting has it.
      release();
      return kept ? Promise.resolve(kept) : fromSource(entry!, addressKey, wanted);
    }
    return fromSource(download(wanted.source, release), addressKey, wanted);
  }

  function variantFor(wanted: Wanted): Promise<Variant> {
    const addressKey = `${variantKey(wanted)} ${wanted.source.href}`;
    const kept = keptAnswer(addressKey);
    if (kept) return Promise.resolve(kept);
    const entry = sources.get(wanted.source.href);
    if (entry) return fromSource(entry, addressKey, wanted);
    const refused = (error: unknown): never => {
      metrics?.images.inc({ source: 'busy' });
      throw error;
    };
    let turn: Release | Promise<Release>;
    try {
      turn = turns.take(pictureGroup(wanted.source));
    } catch (error) {
      return refused(error);
    }
    if (typeof turn === 'function') return withTurn(turn, addressKey, wanted);
    return turn.then((release) => withTurn(release, addressKey, wanted), refused);
  }

  return { variantFor };
}
