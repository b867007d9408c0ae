// The gallery's paging rules (spec sections 4 and 9): pages of 20 from page 1, the next page near
// the end of the grid, and a stop once the last page has come back.
import type { GalleryItem } from '../../api/contract/types';
import { isVideoType } from '../../api/contract/limits';

/** Spec section 9: gallery page size. */
export const GALLERY_PAGE_SIZE = 20;
/** Spec section 9: galleries start at page 1. */
export const FIRST_GALLERY_PAGE = 1;
/**
 * Spec section 5: the next page is asked for once the bottom of the view reaches this fraction of
 * the gallery's height (the grid places its "near the end" marker there).
 */
export const GALLERY_SCROLL_THRESHOLD = 0.8;

/** One page of the gallery as the UI keeps it. */
export interface GalleryPage {
  items: GalleryItem[];
  /** How many items the whole gallery holds, when the server says so. */
  totalPostCount: number | null;
}

/**
 * The page to ask for after `lastPageParam`, or undefined when there is none: the last page came
 * back short (fewer than a full page, so an exact-fit gallery costs one empty request at most),
 * or everything the server counted has been loaded.
 */
export function nextGalleryPage(
  lastPage: GalleryPage,
  allPages: readonly GalleryPage[],
  lastPageParam: number,
  pageSize: number = GALLERY_PAGE_SIZE,
): number | undefined {
  if (lastPage.items.length < pageSize) return undefined;
  const loaded = allPages.reduce((sum, page) => sum + page.items.length, 0);
  if (lastPage.totalPostCount !== null && loaded >= lastPage.totalPostCount) return undefined;
  return lastPageParam + 1;
}

export type GalleryItemKind = 'photo' | 'video';

/** Spec section 2: mp4 and quicktime videos play fullscreen; every other item is a picture. */
export function galleryItemKind(mimeType: string): GalleryItemKind {
  return isVideoType(mimeType.trim().toLowerCase()) ? 'video' : 'photo';
}

/** The name of the item at `index` (0-based) for screen readers: "Photo 3", "Video 12". */
export function galleryItemLabel(item: GalleryItem, index: number): string {
  return `${galleryItemKind(item.mimeType) === 'video' ? 'Video' : 'Photo'} ${index + 1}`;
}

export type GalleryFooter = 'loading' | 'empty' | 'end' | 'none';

/**
 * What the line under the grid says: `Loading...` while a page loads, `No Media Found.` for an
 * empty gallery, `Yay! You have seen it all` after the last page. After an error nothing is said
 * (spec section 8: a gallery error is only logged).
 */
export function galleryFooter(state: {
  itemCount: number;
  isFetching: boolean;
  hasNextPage: boolean;
  isError: boolean;
  hasLoaded: boolean;
}): GalleryFooter {
  if (state.isFetching) return 'loading';
  if (state.isError || !state.hasLoaded) return 'none';
  if (state.itemCount === 0) return 'empty';
  return state.hasNextPage ? 'none' : 'end';
}
