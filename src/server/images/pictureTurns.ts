// Whose turn it is to fetch: the image endpoint's slots count pictures, not addresses. Spellings
// of one picture (pictureGroup: `/MEDIA/a.png`, `/media//a.png`) share its one slot, a few of
// them fetched at once and the others waiting their turn, so however many spellings a client
// makes up they never take the slots of other pictures (issue 50: 40 of them did, and everyone
// else's cold pictures were a 503).
import { HttpError } from '../errors';

/** Ends a turn: the next spelling waiting for one starts, or the picture's slot is free. */
export type Release = () => void;

export interface PictureTurnOptions {
  /** Distinct pictures under way at once; past it a 503. */
  maxPictures: number;
  /** Spellings of one picture fetched at once. */
  perPicture: number;
  /** Spellings of one picture that may wait for a turn; past it a 503. */
  maxWaiting: number;
  /** A spelling that waited this long is answered 503 and waits no more. */
  maxWaitMs: number;
}

export interface PictureTurns {
  /**
   * A turn to fetch a spelling of `group`'s picture: at once (a Release), or once one ends (a
   * promise of one, which may be refused). Throws an HttpError 503 when there is no room.
   */
  take(group: string): Release | Promise<Release>;
  /** Pictures under way. */
  readonly size: number;
}

const busy = (message: string) => new HttpError(503, `${message}; try again shortly.`);

export function createPictureTurns(options: PictureTurnOptions): PictureTurns {
  interface Waiter {
    start: (release: Release) => void;
    timer: NodeJS.Timeout;
  }
  interface Picture {
    fetching: number;
    waiting: Waiter[];
  }
  const pictures = new Map<string, Picture>();

  function releaser(group: string, picture: Picture): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the next spelling: no request coming meanwhile takes it.
      const next = picture.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.start(releaser(group, picture));
        return;
      }
      picture.fetching -= 1;
      if (picture.fetching === 0) pictures.delete(group);
    };
  }

  return {
    get size() {
      return pictures.size;
    },
    take(group) {
      let picture = pictures.get(group);
      if (!picture) {
        if (pictures.size >= options.maxPictures) throw busy('Too many pictures are being resized');
        picture = { fetching: 0, waiting: [] };
        pictures.set(group, picture);
      }
      if (picture.fetching < options.perPicture) {
        picture.fetching += 1;
        return releaser(group, picture);
      }
      if (picture.waiting.length >= options.maxWaiting) {
        throw busy('This picture is being fetched under many other addresses');
      }
      const { waiting } = picture;
      return new Promise<Release>((start, fail) => {
        const waiter: Waiter = {
          start,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            fail(busy('This picture is being fetched under other addresses'));
          }, options.maxWaitMs),
        };
        // A waiting spelling never keeps a stopping process up.
        waiter.timer.unref();
        waiting.push(waiter);
      });
    },
  };
}
