// A video shown as its poster with a play button; a click plays it fullscreen. Leaving fullscreen,
// pausing or reaching the end stops it and returns to the poster. Nothing of the video's file is
// downloaded before the guest plays it: the element has no source until then. On an iPhone, which
// has no requestFullscreen, the video's own fullscreen player plays it (videoFullscreen.ts).
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { getAppConfig } from '../config/env';
import { apiMediaUrl, type ImageSources } from '../config/images';
import './FullscreenVideo.css';
import { usePageHydrated } from '../loading/hydration';
import { fullscreenWay, type WebKitVideoElement } from './videoFullscreen';

interface FullscreenVideoProps {
  /** The video's address as the API gave it (a path is on the API's origin). */
  src: string;
  mimeType: string;
  /** Names the video for screen readers: the button reads "Play {label}". */
  label: string;
  /**
   * The poster, in the widths the place it is shown needs (fluidImage); without one the video
   * is a dark box with its play button until played.
   */
  poster?: ImageSources | null;
  className?: string;
}

export function FullscreenVideo({ src, mimeType, label, poster, className }: FullscreenVideoProps) {
  const address = apiMediaUrl(src, getAppConfig().apiBaseUrl);
  const videoRef = useRef<WebKitVideoElement>(null);
  const posterRef = useRef<HTMLImageElement>(null);
  const hydrated = usePageHydrated();
  const [playing, setPlaying] = useState(false);
  // Set by the first Play, and kept: the source, and the poster the browser already has (its
  // chosen copy, shown by the video itself while it starts, fullscreen, where the <img> is not),
  // and whether it keeps `playsinline` (not where only the video's own player is fullscreen).
  const [started, setStarted] = useState<{ poster?: string; inline: boolean } | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const way = fullscreenWay(video);
    const stop = () => {
      video.pause();
      setPlaying(false);
      if (document.fullscreenElement === video)
        void document.exitFullscreen().catch(() => undefined);
      // A pause or the end inside the iPhone's player leaves it too.
      if (way === 'video' && video.webkitDisplayingFullscreen) video.webkitExitFullscreen?.();
    };
    const onFullscreenChange = () => {
      if (document.fullscreenElement !== video) stop();
    };
    video.addEventListener('pause', stop);
    video.addEventListener('ended', stop);
    // The iPhone's player was closed. Done pauses the video, but a pinch back to the page leaves it
    // playing inline: either way, it stops.
    video.addEventListener('webkitendfullscreen', stop);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      video.removeEventListener('pause', stop);
      video.removeEventListener('ended', stop);
      video.removeEventListener('webkitendfullscreen', stop);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, []);

  const play = async () => {
    const video = videoRef.current;
    if (!video) return;
    const way = fullscreenWay(video);
    // The <source> goes in now, before play() is called, so that play() has a resource to load.
    flushSync(() => {
      setStarted(
        (current) =>
          current ?? {
            poster: posterRef.current?.currentSrc || undefined,
            inline: way !== 'video',
          },
      );
      setPlaying(true);
    });
    if (way === 'element') {
      try {
        await video.requestFullscreen();
      } catch {
        // Fullscreen can be refused (iframes, some browsers): the video still plays in place.
      }
    }
    // On an iPhone, play() without `playsinline` is what goes fullscreen: WebKit opens its player
    // for a video that requires it, and allows that within the tap. So play() is called here with
    // nothing awaited before it. webkitEnterFullscreen() can't be called at the tap: with
    // preload="none" there is no metadata yet, and iOS throws InvalidStateError. Called once the
    // metadata is in (seconds later on a slow line), it would come outside the tap, relying on
    // WebKit having dropped its gesture rule after this play(), and the video would first play
    // inline in the card for that while.
    try {
      await video.play();
    } catch {
      setPlaying(false);
    }
  };

  return (
    <div className={`fullscreen-video ${className ?? ''}`} data-playing={playing}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- guests' uploads come without caption tracks */}
      <video
        ref={videoRef}
        preload="none"
        poster={started?.poster}
        playsInline={started?.inline ?? true}
        controls={playing}
        tabIndex={playing ? 0 : -1}
        aria-label={label}
      >
        {started && <source src={address} type={mimeType} />}
      </video>
      {poster && (
        <img
          ref={posterRef}
          className="fullscreen-video__poster"
          // Held until the page works, like the feed's photos: it never competes with the page's
          // scripts on a slow line.
          {...(hydrated ? poster : {})}
          // The play button names the video; the poster adds nothing to it.
          alt=""
          loading="lazy"
          decoding="async"
          fetchPriority="low"
          draggable={false}
        />
      )}
      {!hydrated && (
        // Without JavaScript the page never "works": this copy, with the browser's own controls,
        // plays the video (it too downloads nothing before that), and the held one, its poster and
        // its button are hidden (scripting: none).
        <noscript>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- guests' uploads come without caption tracks */}
          <video
            className="fullscreen-video__noscript"
            src={address}
            poster={poster?.src}
            preload="none"
            playsInline
            controls
            aria-label={label}
          />
        </noscript>
      )}
      {!playing && (
        <button type="button" className="fullscreen-video__play" onClick={() => void play()}>
          <span aria-hidden="true" className="fullscreen-video__icon" />
          <span className="visually-hidden">Play {label}</span>
        </button>
      )}
    </div>
  );
}
