// The Photos/Videos tab: the profile's gallery as a grid that loads the next page of 20 when the
// visitor nears the end, and says when it is loading, empty or complete.
import { useEffect, useEffectEvent, useMemo, useRef, useState, type RefObject } from 'react';
import { FullscreenVideo } from '../../components/FullscreenVideo';
import { fluidImage, GALLERY_CELL_SLOT } from '../../config/images';
import { useGetGalleryInfiniteQuery } from './galleryApi';
import {
  GALLERY_SCROLL_THRESHOLD,
  galleryFooter,
  galleryItemKind,
  galleryItemLabel,
  type GalleryFooter,
} from './galleryPaging';
import { gridWindow, type GridWindow } from './gridWindow';
import './GalleryTab.css';

const FOOTER_TEXT: Record<GalleryFooter, string> = {
  loading: 'Loading...',
  empty: 'No Media Found.',
  end: 'Yay! You have seen it all',
  none: '',
};

export function GalleryTab({ userId }: { userId: string }) {
  const { data, error, isError, isFetching, isSuccess, hasNextPage, fetchNextPage } =
    useGetGalleryInfiniteQuery(userId);
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [nearEnd, setNearEnd] = useState(false);

  useEffect(() => {
    // Spec section 8: a gallery error is only logged; the grid keeps what it has.
    if (error) console.error('Failed to fetch the gallery', error);
  }, [error]);

  // RTK Query also refuses a page while one is pending or after the last one; checking here too
  // keeps the intent readable and spares a dispatch.
  const canLoadMore = hasNextPage && !isFetching;

  // Entering the end zone is a fresh request from the visitor, so it also retries after an error.
  const onEnterEnd = useEffectEvent(() => {
    if (canLoadMore) void fetchNextPage();
  });

  const hasSentinel = hasNextPage;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel) return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      setNearEnd(entry.isIntersecting);
      if (entry.isIntersecting) onEnterEnd();
    });
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
      setNearEnd(false);
    };
  }, [hasSentinel]);

  // A page that lands while the end zone is still in view (short pages, tall screens) does not
  // change the observer's state, so the next page follows from here; an error stops the chain.
  useEffect(() => {
    if (nearEnd && canLoadMore && !isError) void fetchNextPage();
  }, [nearEnd, canLoadMore, isError, fetchNextPage]);

  const listRef = useRef<HTMLUListElement>(null);
  const shown = useGridWindow(listRef, items.length);

  const footer = galleryFooter({
    itemCount: items.length,
    isFetching,
    hasNextPage,
    isError,
    hasLoaded: isSuccess,
  });

  return (
    <div className="gallery">
      <div className="gallery__scroller">
        {items.length > 0 && (
          <ul
            ref={listRef}
            className="gallery__grid"
            aria-label="Photos and videos"
            style={{ paddingTop: shown.padTop, paddingBottom: shown.padBottom }}
          >
            {items.slice(shown.start, shown.end).map((item, offset) => {
              const index = shown.start + offset;
              const label = galleryItemLabel(item, index);
              return (
                <li
                  className="gallery__cell"
                  key={`${index}-${item.media}`}
                  aria-posinset={index + 1}
                  aria-setsize={items.length}
                >
                  {galleryItemKind(item.mimeType) === 'video' ? (
                    <FullscreenVideo
                      src={item.media}
                      mimeType={item.mimeType}
                      label={label}
                      className="gallery__video"
                      poster={
                        item.thumbnailUrl ? fluidImage(item.thumbnailUrl, GALLERY_CELL_SLOT) : null
                      }
                    />
                  ) : (
                    <img
                      className="gallery__image"
                      {...fluidImage(item.media, GALLERY_CELL_SLOT)}
                      alt={label}
                      width={240}
                      height={240}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {hasSentinel && (
          <div
            ref={sentinelRef}
            className="gallery__sentinel"
            style={{ top: `${GALLERY_SCROLL_THRESHOLD * 100}%` }}
            aria-hidden="true"
          />
        )}
      </div>
      <p className="gallery__message" role="status" aria-live="polite">
        {FOOTER_TEXT[footer]}
      </p>
    </div>
  );
}

/** What was last measured of the grid and the viewport. */
interface GridMeasure {
  columns: number;
  rowStride: number;
  viewportStart: number;
  viewportHeight: number;
}

const UNMEASURED: GridMeasure = { columns: 1, rowStride: 0, viewportStart: 0, viewportHeight: 0 };

const windowOf = (itemCount: number, m: GridMeasure) =>
  gridWindow(
    { itemCount, columns: m.columns, rowStride: m.rowStride },
    { start: m.viewportStart, height: m.viewportHeight },
  );

const sameWindow = (a: GridWindow, b: GridWindow) =>
  a.start === b.start && a.end === b.end && a.padTop === b.padTop && a.padBottom === b.padBottom;

/**
 * The part of the grid to render (gridWindow), computed at render from the last measurement, so a
 * new page of items is placed at once. Re-measured on scroll (once per frame), on resize and when
 * the grid changes size; a measurement that moves no row boundary does not re-render. The grid's
 * own CSS decides the columns and row height; this reads them back. Unmeasured (or without layout)
 * the first items are rendered.
 */
function useGridWindow(listRef: RefObject<HTMLUListElement | null>, itemCount: number): GridWindow {
  const [measured, setMeasured] = useState<GridMeasure>(UNMEASURED);
  const measure = useEffectEvent(() => {
    const list = listRef.current;
    if (!list) return;
    const next = measureGrid(list);
    setMeasured((current) =>
      sameWindow(windowOf(itemCount, current), windowOf(itemCount, next)) ? current : next,
    );
  });

  useEffect(() => {
    measure();
  }, [itemCount]);

  const hasList = itemCount > 0;
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let frame = 0;
    const schedule = () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
      }
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resizes = new ResizeObserver(schedule);
    resizes.observe(list);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resizes.disconnect();
    };
  }, [listRef, hasList]);

  return windowOf(itemCount, measured);
}

function measureGrid(list: HTMLUListElement): GridMeasure {
  const style = getComputedStyle(list);
  const cell = list.querySelector('li');
  return {
    columns: style.gridTemplateColumns.split(' ').filter(Boolean).length || 1,
    rowStride: cell
      ? cell.getBoundingClientRect().height + (Number.parseFloat(style.rowGap) || 0)
      : 0,
    // The grid's box starts with row 0 (the top padding stands in for the rows above the window).
    viewportStart: -list.getBoundingClientRect().top,
    viewportHeight: window.innerHeight,
  };
}
