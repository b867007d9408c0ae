// The review form's limits and messages, shared by the app's validators and the mock API.

export const MAX_SAY_THANKS_LENGTH = 250;
export const MAX_IMAGES = 5;
export const MIN_IMAGE_BYTES = 25 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 52428800;
export const MAX_VIDEO_SECONDS = 30;

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;

export type ImageType = (typeof IMAGE_TYPES)[number];
export type VideoType = (typeof VIDEO_TYPES)[number];
export type MediaType = ImageType | VideoType;

export const isImageType = (type: string): type is ImageType =>
  (IMAGE_TYPES as readonly string[]).includes(type);
export const isVideoType = (type: string): type is VideoType =>
  (VIDEO_TYPES as readonly string[]).includes(type);

export const MESSAGE_TEXT_OR_MEDIA_REQUIRED = 'Either "Say Thanks" or "Post" must be provided.';
export const MESSAGE_UNSUPPORTED_FORMAT = 'Unsupported file format.';
export const MESSAGE_ONE_VIDEO = 'Only one video allowed.';
export const MESSAGE_TOO_MANY_IMAGES = 'You can only upload up to 5 images';
export const MESSAGE_IMAGE_SIZE =
  'Some images were not uploaded due to size restrictions (25KB to 5mb).';
export const MESSAGE_VIDEO_LIMITS =
  'The video must be under 30 seconds and less than 50 MB. You can either upload up to 5 images or 1 video.';

/** A review's title (the profile's display name, sent back with the review): at most this long. */
export const MAX_TITLE_LENGTH = 200;

/**
 * The most a guest can give, in whole dollars: the largest amount whose total by any payment
 * method fits Stripe's maximum charge ($999,999.99): $970,873, whose card total is $999,999.69.
 * The fee rules' own edge (fees.ts, maxGiftDollarsFromFees; fees.test.ts holds the two equal),
 * written as a number so the profile's first load carries no fee rules.
 */
export const MAX_GIFT_DOLLARS = 970_873;

/**
 * A tip or donation: whole dollars, from $1 to the most a guest can give; the API takes it in
 * cents and refuses anything outside this range.
 */
export const AMOUNT_DOLLARS = { min: 1, max: MAX_GIFT_DOLLARS } as const;
export const AMOUNT_CENTS = {
  min: AMOUNT_DOLLARS.min * 100,
  max: AMOUNT_DOLLARS.max * 100,
} as const;
/** How many digits the amount field takes (spec 5: at most 6). */
export const MAX_AMOUNT_DIGITS = 6;
