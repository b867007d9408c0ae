// A video shown as a poster button; a click plays it fullscreen. Leaving fullscreen, pausing or
// reaching the end stops it and returns to the poster.
import { useEffect, useRef, useState } from 'react';
import './FullscreenVideo.css';
import { useHydrated } from '../lib/useHydrated';

interface FullscreenVideoProps {
  src: string;
  mimeType: string;
  /** Names the video for screen readers: the button reads "Play {label}". */
  label: string;
  className?: string;
}

export function FullscreenVideo({ src, mimeType, label, className }: FullscreenVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hydrated = useHydrated();
  // "#t=0.1" makes the browser seek and paint a frame as the poster, instead of black.
  const source = src.includes('#') ? src : `${src}#t=0.1`;
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const stop = () => {
      video.pause();
      setPlaying(false);
      if (document.fullscreenElement === video)
        void document.exitFullscreen().catch(() => undefined);
    };
    const onFullscreenChange = () => {
      if (document.fullscreenElement !== video) stop();
    };
    video.addEventListener('pause', stop);
    video.addEventListener('ended', stop);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      video.removeEventListener('pause', stop);
      video.removeEventListener('ended', stop);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, []);

  const play = async () => {
    const video = videoRef.current;
    if (!video) return;
    setPlaying(true);
    try {
      await video.requestFullscreen?.();
    } catch {
      // Fullscreen can be refused (iframes, some browsers): the video still plays in place.
    }
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
        preload="metadata"
        playsInline
        controls={playing}
        tabIndex={playing ? 0 : -1}
        aria-label={label}
      >
        {/* Fetched once the page works (inserting the source starts the load): a video never
            competes with the page's scripts on a slow line. */}
        {hydrated && <source src={source} type={mimeType} />}
      </video>
      {!hydrated && (
        // Without JavaScript the page never "works": this copy, with the browser's own controls,
        // plays the video, and the held one and its button are hidden (scripting: none).
        <noscript>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- guests' uploads come without caption tracks */}
          <video
            className="fullscreen-video__noscript"
            src={source}
            preload="metadata"
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
