// Whether a frame drawn from a video shows anything: a black frame makes no poster.

/**
 * A pixel brighter than this luma (0 to 255) shows something. Video black is 16 (limited range)
 * and the noise of a compressed black frame stays well under 40; a dim real scene has pixels above.
 */
export const DARK_LUMA = 40;
/** A frame is blank when fewer than this share of its pixels is brighter than DARK_LUMA. */
export const VISIBLE_SHARE = 0.01;

/**
 * Whether RGBA pixels (a canvas's `getImageData().data`) are all black or a near-uniform dark:
 * fewer than 1 pixel in 100 brighter than luma 40 of 255 (Rec. 601 weights; alpha is ignored,
 * a video frame is opaque). A white logo or a caption on black covers more than that, so a frame
 * with one is not blank. No pixels at all is blank.
 */
export function isBlankFrame(rgba: ArrayLike<number>): boolean {
  const pixels = Math.floor(rgba.length / 4);
  let visible = 0;
  for (let i = 0; i < pixels * 4; i += 4) {
    const luma = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    if (luma > DARK_LUMA) visible += 1;
  }
  return visible < Math.max(1, pixels * VISIBLE_SHARE);
}
