// Pictures at the size the screen needs: the production server's image endpoint (src/server/images)
// resizes a picture of the API's media to one of a fixed set of widths, and every picture the app
// shows asks for it through `srcset`/`sizes`, built here for the server's HTML and the browser alike
// (nothing here reads the window: the server and the hydrating browser print the same attributes).

/** The endpoint: `/_img?url=<the picture's address>&w=<one of IMAGE_WIDTHS>`. */
export const IMAGE_ROUTE = '/_img';

/**
 * The widths the endpoint makes: few, so that its caches (in process, nginx, a CDN) hold few copies
 * of a picture. From small avatars at 1x up to a 2048 px photo.
 */
export const IMAGE_WIDTHS = [48, 96, 144, 256, 384, 640, 828, 1080, 1280, 1600, 2048] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (value: number): value is ImageWidth =>
  (IMAGE_WIDTHS as readonly number[]).includes(value);

/** The smallest width the endpoint makes that is at least `pixels` (the largest when none is). */
export function imageWidthFor(pixels: number): ImageWidth {
  return IMAGE_WIDTHS.find((width) => width >= pixels) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** A path on the API's origin (`/media/a.mp4`), not a protocol-relative `//host/...`. */
const isMediaPath = (source: string): boolean => /^\/(?![/\\])/.test(source);

/**
 * Only the media the API names go through the endpoint: absolute http(s) addresses, or paths
 * (`/media/a.jpg`: the demo's API names its media relative to the page, so they show at whatever
 * address the page was reached). A data: or blob: URL (a guest's own picture, before it is sent)
 * is shown as it is, and so is an address with a query: the endpoint refuses one (a made-up query
 * would be one more copy of a picture) unless the server keeps them for an API that signs its
 * media (MEDIA_SIGNED_URLS), which a browser cannot know; shown as it is, such a picture always
 * shows, if at full size.
 */
export const isResizable = (source: string): boolean =>
  (/^https?:\/\//i.test(source) || isMediaPath(source)) && !source.includes('?');

/**
 * Where a file of the API's media that the app uses as it is (a video) is fetched from: the
 * address the API gave, a path resolved against the API's origin as the image endpoint resolves
 * a picture's (src/server/app.ts). A same-origin API (the demo's `/api`) keeps paths on the page's
 * origin; an absolute one (the live `https://api.grati.example`) puts them on its own.
 */
export function apiMediaUrl(source: string, apiBaseUrl: string): string {
  const apiOrigin = /^https?:\/\/[^/]+/i.exec(apiBaseUrl)?.[0];
  return apiOrigin && isMediaPath(source) ? `${apiOrigin}${source}` : source;
}

/** The endpoint's address for `source` at `width`. */
export function imageUrl(source: string, width: ImageWidth): string {
  return `${IMAGE_ROUTE}?url=${encodeURIComponent(source)}&w=${width}`;
}

/** What an <img> needs: spread it (`<img {...fixedImage(url, 44)} />`). */
export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** The screen densities a fixed-size picture is offered at (phones go up to 3). */
const DENSITIES = [1, 2, 3] as const;

/**
 * A picture shown at a fixed CSS width (an avatar): one copy for each screen density, each the
 * smallest width the endpoint makes that covers it, so a phone at 3x gets three times a desktop's
 * pixels and no screen gets more than it shows (a density whose copy is the previous one's is left
 * out: the browser falls back to the next one up).
 */
export function fixedImage(source: string, cssWidth: number): ImageSources {
  if (!isResizable(source)) return { src: source };
  const candidates: string[] = [];
  let previous: ImageWidth | undefined;
  for (const density of DENSITIES) {
    const width = imageWidthFor(cssWidth * density);
    if (width !== previous) candidates.push(`${imageUrl(source, width)} ${density}x`);
    previous = width;
  }
  return { src: imageUrl(source, imageWidthFor(cssWidth)), srcSet: candidates.join(', ') };
}

/** Where a picture whose width follows the layout is shown. */
export interface FluidSlot {
  /** The `sizes` attribute: how wide the picture is shown, by viewport. */
  sizes: string;
  /** The narrowest copy offered (a 1x screen at the narrowest layout). */
  smallest: ImageWidth;
  /** The widest copy offered: what a dense screen at the widest layout needs, and no more. */
  largest: ImageWidth;
}

/**
 * A picture whose width follows the layout (a feed photo, a gallery cell): every width the
 * endpoint makes from the slot's smallest to its largest, for the browser to choose from with
 * `sizes` and its density. `src` serves what reads no `srcset` (a video's `poster` attribute): the
 * copy for a 1x screen at the widest layout, half the largest (which is meant for 2x there).
 */
export function fluidImage(source: string, slot: FluidSlot): ImageSources {
  if (!isResizable(source)) return { src: source };
  const widths = IMAGE_WIDTHS.filter((width) => width >= slot.smallest && width <= slot.largest);
  return {
    src: imageUrl(source, imageWidthFor(slot.largest / 2)),
    srcSet: widths.map((width) => `${imageUrl(source, width)} ${width}w`).join(', '),
    sizes: slot.sizes,
  };
}

/**
 * The fixed CSS widths of the app's avatars (ProfileCard.css, TeamStrip.css, FeedCard.css).
 */
export const AVATAR_SIZE = { profile: 96, teamMember: 56, giver: 44 } as const;

// The slots below follow the page's layout (src/styles.css, ProfilePage.css, FeedCard.css,
// GalleryTab.css): the page is at most 1200 px wide with 16 px margins; under 768 px the tabs take
// its whole width, from 768 px they are the second column beside a 380 px one (a 24 px gap), so
// `min(100vw, 1200px) - 436px` wide. (Not `sizes="auto"`: Chromium reads a hidden picture, one in
// a tab left for another, as 100vw wide and downloads a bigger copy of it.)

/** A `sizes` attribute: its entries, the first whose media condition holds applies. */
const sizesAttribute = (...entries: string[]) => entries.join(', ');

/**
 * A feed card's photo or video: the card's width less its two 1 px borders (356 px on a 390 px
 * phone, 762 px on a desktop). Up to 1600 px: a desktop at 2x needs 1524; a phone at 3x gets the
 * 1080 copy for its 1068 px.
 */
export const FEED_MEDIA_SLOT: FluidSlot = {
  sizes: sizesAttribute(
    '(min-width: 1200px) 762px',
    '(min-width: 768px) calc(100vw - 438px)',
    'calc(100vw - 34px)',
  ),
  smallest: 256,
  largest: 1600,
};

/**
 * A gallery cell: a third of the tab less two 4 px gaps on phones (117 px on a 390 px phone, 350
 * device pixels at 3x); on wider screens as many 160 px-or-wider columns as fit with 8 px gaps
 * (four of 185 px on a desktop; at most 244 px between 768 and 1200 px). Up to 640 px: a 3x
 * phone held sideways (two 200 px columns) needs 600.
 */
export const GALLERY_CELL_SLOT: FluidSlot = {
  sizes: sizesAttribute(
    '(min-width: 1200px) 185px',
    '(min-width: 768px) 244px',
    'calc((100vw - 40px) / 3)',
  ),
  smallest: 96,
  largest: 640,
};
