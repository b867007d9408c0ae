// What the location rule (./videoLocation.ts) will read of a video before it refuses it, and the
// refusal both sides give: the browser shows its message under the attach control, the API answers
// it as a 400. A video it can't read whole is refused, never sent or published half-checked.

/**
 * The most parts a video may have: boxes read, Keys entries, chunks of a metadata track. A phone's
 * 30 s video has a few hundred; a fragmented one cut at every frame at 240 fps about 50,000. Past
 * this the walk stops, so its time and notes stay bounded (milliseconds, a few MB) whatever the
 * file: 6.5 million empty `©xyz` boxes fit in 50 MB.
 */
export const MAX_VIDEO_PARTS = 100_000;
/** Boxes nest 5 to 7 deep in a real file (moov/trak/mdia/minf/stbl/stsd/mebx): 16 is ample. */
export const MAX_VIDEO_BOX_DEPTH = 16;

export type VideoRefusalReason = 'too-many-parts' | 'too-deep' | 'unreadable-track';

/** 100000 as 100,000, without Intl (the flow's code makes no formatter for this). */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

const CANNOT_CHECK = "This video can't be checked for where it was made";
const CHOOSE_ANOTHER = "so it can't be sent. Please choose another video.";

export const VIDEO_REFUSAL_MESSAGES: Record<VideoRefusalReason, string> = {
  'too-many-parts': `${CANNOT_CHECK} (it has more than ${grouped(MAX_VIDEO_PARTS)} boxes), ${CHOOSE_ANOTHER}`,
  'too-deep': `${CANNOT_CHECK} (its boxes nest more than ${MAX_VIDEO_BOX_DEPTH} deep), ${CHOOSE_ANOTHER}`,
  'unreadable-track': `${CANNOT_CHECK} (its GPS or sensor track can't be read), ${CHOOSE_ANOTHER}`,
};

/** A video the rule would not vouch for: nothing of it was changed. */
export class VideoRefusedError extends Error {
  constructor(readonly reason: VideoRefusalReason) {
    super(VIDEO_REFUSAL_MESSAGES[reason]);
    this.name = 'VideoRefusedError';
  }
}
