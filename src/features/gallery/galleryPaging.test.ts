import fc from 'fast-check';
import type { GalleryItem } from '../../api/contract/types';
import {
  GALLERY_PAGE_SIZE,
  galleryFooter,
  galleryItemKind,
  galleryItemLabel,
  nextGalleryPage,
  type GalleryPage,
} from './galleryPaging';

const photo: GalleryItem = { media: 'https://media.test/a.jpg', mimeType: 'image/jpeg' };

function page(count: number, totalPostCount: number | null): GalleryPage {
  return { items: Array.from({ length: count }, () => photo), totalPostCount };
}

/** Splits `total` items into the pages the server would send, then pages through them. */
function pagesRequestedFor(total: number, withCount: boolean): number[] {
  const served = (pageNo: number) => {
    const start = (pageNo - 1) * GALLERY_PAGE_SIZE;
    return page(Math.max(0, Math.min(GALLERY_PAGE_SIZE, total - start)), withCount ? total : null);
  };
  const requested = [1];
  const pages = [served(1)];
  let lastPage = pages[0]!;
  let lastPageNo = 1;
  // Bounded, so a broken rule fails the test instead of hanging it.
  while (requested.length < 1000) {
    const next = nextGalleryPage(lastPage, pages, lastPageNo);
    if (next === undefined) return requested;
    requested.push(next);
    lastPage = served(next);
    lastPageNo = next;
    pages.push(lastPage);
  }
  return requested;
}

describe('nextGalleryPage', () => {
  it.each([
    ['asks for the following page after a full page while more items exist', [page(20, 47)], 2],
    ['stops after a short page', [page(20, 47), page(20, 47), page(7, 47)], undefined],
    ['stops after a full page that reaches the total', [page(20, 40), page(20, 40)], undefined],
    ['stops on an empty first page', [page(0, 0)], undefined],
    ['keeps going after a full page when the server gives no total', [page(20, null)], 2],
  ])('%s', (_rule, pages, next) => {
    expect(nextGalleryPage(pages.at(-1)!, pages, pages.length)).toBe(next);
  });

  it("pages through Ava's 47 items as 1, 2, 3 and no page 4", () => {
    expect(pagesRequestedFor(47, true)).toEqual([1, 2, 3]);
  });

  it('asks for every page once, in order, and never past the last one', () => {
    fc.assert(
      fc.property(fc.nat({ max: 500 }), fc.boolean(), (total, withCount) => {
        const requested = pagesRequestedFor(total, withCount);
        const needed = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
        expect(requested).toEqual(Array.from({ length: requested.length }, (_, i) => i + 1));
        // With the total known, never an empty page; without it, at most one (an exact fit).
        const exactFit = total > 0 && total % GALLERY_PAGE_SIZE === 0;
        expect(requested.length).toBe(needed + (!withCount && exactFit ? 1 : 0));
      }),
    );
  });
});

describe('galleryItemKind and galleryItemLabel', () => {
  it.each([
    ['video/mp4', 'video'],
    ['VIDEO/MP4', 'video'],
    ['image/jpeg', 'photo'],
  ] as const)('%s is a %s', (mimeType, kind) => {
    expect(galleryItemKind(mimeType)).toBe(kind);
  });

  it('names items by their place in the grid, counting from 1', () => {
    expect(galleryItemLabel(photo, 2)).toBe('Photo 3');
    expect(galleryItemLabel({ media: 'v.mp4', mimeType: 'video/mp4' }, 11)).toBe('Video 12');
  });
});

describe('galleryFooter', () => {
  const base = { itemCount: 0, isFetching: false, hasNextPage: false, isError: false };
  const more = { itemCount: 20, hasNextPage: true, hasLoaded: true };

  it.each([
    ['loading while the first page loads', { isFetching: true, hasLoaded: false }, 'loading'],
    ['loading while a page loads, even with items shown', { ...more, isFetching: true }, 'loading'],
    ['empty when the first page has nothing', { hasLoaded: true }, 'empty'],
    ['complete after the last page', { itemCount: 47, hasLoaded: true }, 'end'],
    ['nothing while more can come', more, 'none'],
    ['nothing after an error on a later page', { ...more, isError: true }, 'none'],
  ])('says %s', (_when, state, footer) => {
    expect(galleryFooter({ ...base, ...state })).toBe(footer);
  });
});
