// The images of one feed card, one at a time: wheel swipe (1 s lock), touch swipe, previous/next
// buttons, dots, and the arrow keys while focus is inside it.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import {
  createWheelLock,
  isHorizontalWheel,
  WHEEL_SWIPE_LOCK_MS,
  wheelDirection,
  type WheelDirection,
} from './wheelLock';
import './MediaCarousel.css';
import { usePageHydrated } from '../../loading/hydration';
import { FEED_MEDIA_SLOT, fluidImage } from '../../config/images';

/** A touch (or pen, or mouse drag) must move this far sideways, and more sideways than up. */
export const SWIPE_THRESHOLD_PX = 40;

// The attributes give the browser the viewport's 4:3 ratio before an image loads (the picture
// fills it, MediaCarousel.css); its widths come from the srcset.
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 480;

interface MediaCarouselProps {
  /** Image addresses, in the order the giver attached them. */
  images: readonly string[];
  /** The giver's full name, for the alt texts ("Photo 1 of 3 from {giverName}"). */
  giverName: string;
}

export function MediaCarousel({ images, giverName }: MediaCarouselProps) {
  const count = images.length;
  const hydrated = usePageHydrated();
  const [index, setIndex] = useState(0);
  const current = Math.min(index, Math.max(count - 1, 0));
  const viewportRef = useRef<HTMLDivElement>(null);
  const dotRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pointerStart = useRef<{ id: number; x: number; y: number } | null>(null);

  const goTo = useCallback(
    (next: number) => setIndex(Math.min(Math.max(next, 0), Math.max(count - 1, 0))),
    [count],
  );

  // The latest position, for the native wheel listener (registered once, not per render).
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);

  // A native listener: React's onWheel is passive, and the swipe has to stop the page scrolling.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || count < 2) return;
    const lock = createWheelLock(WHEEL_SWIPE_LOCK_MS);
    const onWheel = (event: WheelEvent) => {
      // Pinch-zoom on a trackpad arrives as a ctrl+wheel: leave it to the browser.
      if (event.ctrlKey) return;
      const horizontal = isHorizontalWheel(event);
      // Sideways movement is meant for the carousel; the page has nothing to scroll that way.
      if (horizontal) event.preventDefault();
      const direction = wheelDirection(event);
      if (direction === null) return;
      const target = currentRef.current + step(direction);
      // At either end the wheel belongs to the page again (and starts no lock).
      if (target < 0 || target >= count) return;
      // performance.now(), a monotonic clock (event.timeStamp is too, but tests cannot set it).
      if (!lock.trySwipe(performance.now())) return;
      // Only the event that swipes is taken from the page: the rest of a vertical flick still
      // scrolls it, so the feed never traps the wheel.
      event.preventDefault();
      currentRef.current = target;
      setIndex(target);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [count]);

  if (count === 0) return null;

  // On the buttons inside (arrows and dots): with focus anywhere in the carousel, the arrow keys,
  // Home and End move between images.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const keys: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: count - 1,
    };
    const target = keys[event.key];
    if (target === undefined || count < 2) return;
    event.preventDefault();
    goTo(target);
    // With focus on a dot, it follows the image (the dots are one tab stop, like a radio group).
    if (event.currentTarget.dataset.dot !== undefined) {
      dotRefs.current[Math.min(Math.max(target, 0), count - 1)]?.focus();
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || count < 2) return;
    pointerStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
    goTo(current + (dx < 0 ? 1 : -1));
  };
  const onPointerCancel = () => {
    pointerStart.current = null;
  };

  const single = count === 1;
  return (
    <div
      className="media-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={single ? `Photo from ${giverName}` : `${count} photos from ${giverName}`}
    >
      <div
        ref={viewportRef}
        className="media-carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <div
          className="media-carousel__track"
          style={{ transform: `translateX(${-100 * current}%)` }}
          aria-live="polite"
        >
          {images.map((src, i) => (
            <div
              key={`${i}-${src}`}
              className="media-carousel__slide"
              data-current={i === current}
              aria-hidden={i === current ? undefined : true}
            >
              <Picture
                src={src}
                alt={
                  single
                    ? `Photo from ${giverName}`
                    : `Photo ${i + 1} of ${count} from ${giverName}`
                }
                held={!hydrated}
              />
            </div>
          ))}
        </div>
        {!single && (
          <>
            <ArrowButton
              direction="previous"
              disabled={current === 0}
              onClick={() => goTo(current - 1)}
              onKeyDown={onKeyDown}
            />
            <ArrowButton
              direction="next"
              disabled={current === count - 1}
              onClick={() => goTo(current + 1)}
              onKeyDown={onKeyDown}
            />
            <span className="media-carousel__counter" aria-hidden="true">
              {current + 1} / {count}
            </span>
          </>
        )}
      </div>
      {!single && (
        <div className="media-carousel__dots">
          {images.map((src, i) => (
            <button
              key={`${i}-${src}`}
              ref={(element) => {
                dotRefs.current[i] = element;
              }}
              type="button"
              className="media-carousel__dot"
              data-dot=""
              aria-label={`Show image ${i + 1} of ${count}`}
              aria-current={i === current ? 'true' : undefined}
              tabIndex={i === current ? 0 : -1}
              onClick={() => goTo(i)}
              onKeyDown={onKeyDown}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function step(direction: WheelDirection): number {
  return direction === 'next' ? 1 : -1;
}

interface ArrowButtonProps {
  direction: WheelDirection;
  disabled: boolean;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/**
 * At either end the button stays focusable but inert (aria-disabled), so keyboard focus is not
 * lost when the last image is reached.
 */
function ArrowButton({ direction, disabled, onClick, onKeyDown }: ArrowButtonProps) {
  return (
    <button
      type="button"
      className={`media-carousel__arrow media-carousel__arrow--${direction}`}
      aria-label={direction === 'next' ? 'Next image' : 'Previous image'}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      onKeyDown={onKeyDown}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={direction === 'next' ? 'm9 18 6-6-6-6' : 'm15 18-6-6 6-6'} />
      </svg>
    </button>
  );
}

/**
 * One picture of the feed, in the widths the card needs. A held one (the page does not work yet)
 * has neither src nor srcset, so it never competes with the page's scripts; without JavaScript the
 * page never works, so its <noscript> copy shows the picture and the held one is hidden
 * (MediaCarousel.css, scripting: none).
 */
function Picture({ src, alt, held }: { src: string; alt: string; held: boolean }) {
  const size = { width: IMAGE_WIDTH, height: IMAGE_HEIGHT };
  const sources = fluidImage(src, FEED_MEDIA_SLOT);
  return (
    <>
      <img
        {...(held ? {} : sources)}
        alt={alt}
        {...size}
        loading="lazy"
        decoding="async"
        // Asked for once the page works, and at low priority.
        fetchPriority="low"
        draggable={false}
      />
      {held && (
        <noscript>
          <img {...sources} alt={alt} {...size} loading="lazy" decoding="async" />
        </noscript>
      )}
    </>
  );
}
