// The Photos/Videos tab: the profile's gallery as a grid that loads the next page of 20 when the
// visitor nears the end, and says when it is loading, empty or complete.
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { FullscreenVideo } from '../../components/FullscreenVideo';
import { useGetGalleryInfiniteQuery } from './galleryApi';
import {
  GALLERY_SCROLL_THRESHOLD,
  galleryFooter,
  galleryItemKind,
  galleryItemLabel,
  type GalleryFooter,
} from './galleryPaging';
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
          <ul className="gallery__grid" aria-label="Photos and videos">
            {items.map((item, index) => {
              const label = galleryItemLabel(item, index);
              return (
                <li className="gallery__cell" key={`${index}-${item.media}`}>
                  {galleryItemKind(item.mimeType) === 'video' ? (
                    <FullscreenVideo
                      src={item.media}
                      mimeType={item.mimeType}
                      label={label}
                      className="gallery__video"
                    />
                  ) : (
                    <img
                      className="gallery__image"
                      src={item.media}
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
