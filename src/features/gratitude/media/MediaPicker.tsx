// The review form's attach control: picks photos or a video, applies the attach rules and previews them.
import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { isVideoType, IMAGE_TYPES, MAX_VIDEO_BYTES, VIDEO_TYPES } from '@/api/contract/limits';
import { VideoRefusedError } from '@/api/contract/videoLocation';
import { TRY_AGAIN_MESSAGE } from '@/config/messages';
import { addMedia, type CandidateFile, type PickedMedia } from './validateMedia';
import { preparePhoto } from './preparePhoto';
import { prepareVideo } from './prepareVideo';
import { readVideo, VideoReadTimeoutError } from './videoThumbnail';
import './MediaPicker.css';

/**
 * A picked file: its name, type and size as picked (what the rules and the labels use), the file
 * that will be sent and, for a video, its JPEG thumbnail (made once).
 */
export interface AttachedFile extends CandidateFile {
  /**
   * A photo as prepared (preparePhoto: upright, at most 2048 px, no metadata); a video as
   * prepared (prepareVideo: without its location).
   */
  file: File;
  /** The video's poster, sent with it; null for an image or when it could not be made. */
  thumbnail: Blob | null;
}

export type AttachedMedia = PickedMedia<AttachedFile>;

export const ATTACH_LABEL = 'Attach photos or a video';
export const ATTACH_HINT = 'Note :- Add up to 5 images or 1 video.';
export const ATTACH_FAILED = TRY_AGAIN_MESSAGE;
/** A video the browser did not read in time (videoThumbnail's VIDEO_READ_TIMEOUT_MS): not attached. */
export const VIDEO_TOO_SLOW =
  'This video took too long to open. Please try again or choose another one.';
export const ACCEPTED_MEDIA = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

interface MediaPickerProps {
  value: readonly AttachedMedia[];
  onChange: (media: AttachedMedia[]) => void;
  /** Told while picked videos are measured and their thumbnails made. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/** What to tell the guest of a picked file that is not attached (each reason once, in the alert). */
interface NotAttached {
  error: string;
}

/** Why a video could not be made ready to send: the location rule's own words, else try again. */
function videoRefusal(error: unknown): NotAttached {
  if (error instanceof VideoRefusedError) return { error: error.message };
  console.error('Could not prepare the video', error);
  return { error: ATTACH_FAILED };
}

/**
 * A picked file as the rules see it; a video without its location, with its duration and poster
 * read. The location rule runs first: it reads the file once and refuses in milliseconds a video it
 * can't vouch for, which the browser's player could take seconds to open (a file of millions of
 * boxes), and the player then opens the very copy that is sent. A video the rule refuses, or the
 * browser did not read in time, is not attached, and the guest told why. A video the browser
 * cannot read has no duration, and the rules refuse it; one over the size limit is left to them
 * unread.
 */
async function toCandidate(file: File): Promise<AttachedFile | NotAttached> {
  const candidate: AttachedFile = {
    file,
    name: file.name,
    type: file.type,
    size: file.size,
    thumbnail: null,
  };
  if (!isVideoType(file.type)) return candidate;
  let sendable = file;
  if (file.size <= MAX_VIDEO_BYTES) {
    try {
      sendable = await prepareVideo(file);
    } catch (error) {
      return videoRefusal(error);
    }
  }
  try {
    const { durationSeconds, thumbnail } = await readVideo(sendable);
    return { ...candidate, file: sendable, durationSeconds, thumbnail };
  } catch (error) {
    if (error instanceof VideoReadTimeoutError) return { error: VIDEO_TOO_SLOW };
    console.error('Could not read the video', error);
    return { ...candidate, file: sendable };
  }
}

/**
 * The picked photo replaced by its prepared copy (upright, without metadata), or try again when it
 * can't be. The original is never sent instead: it holds the camera's metadata, the GPS position
 * among them. A video was prepared when it was picked (toCandidate).
 */
async function withPrepared(item: AttachedMedia): Promise<AttachedMedia | NotAttached> {
  if (item.kind === 'video') return item;
  try {
    return { ...item, file: { ...item.file, file: await preparePhoto(item.file.file) } };
  } catch (error) {
    console.error('Could not prepare the photo', error);
    return { error: ATTACH_FAILED };
  }
}

/**
 * What was kept of a pick, made ready to send: photos are prepared one at a time (each decoded
 * 12 MP photo holds about 48 MB of pixels, too much times five on a phone); a video came ready
 * (toCandidate). A file that cannot be prepared is left out, and the guest told why.
 */
async function readyToSend(
  picked: readonly AttachedMedia[],
  current: readonly AttachedMedia[],
): Promise<{ media: AttachedMedia[]; errors: string[] }> {
  const media: AttachedMedia[] = [];
  const errors = new Set<string>();
  for (const item of picked) {
    const ready = current.includes(item) ? item : await withPrepared(item);
    if ('error' in ready) errors.add(ready.error);
    else media.push(ready);
  }
  return { media, errors: [...errors] };
}

export function MediaPicker({ value, onChange, onBusyChange, disabled = false }: MediaPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const setWorking = (working: boolean) => {
    setBusy(working);
    onBusyChange?.(working);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    // Cleared so that the same file can be picked again after it was removed.
    input.value = '';
    if (files.length === 0) return;
    setWorking(true);
    try {
      const read = await Promise.all(files.map(toCandidate));
      const candidates = read.filter((candidate): candidate is AttachedFile => 'file' in candidate);
      const unread = read.flatMap((candidate) => ('error' in candidate ? [candidate.error] : []));
      const result = addMedia(value, candidates);
      const { media, errors: unprepared } = await readyToSend(result.media, value);
      setErrors([...new Set([...result.errors, ...unread, ...unprepared])]);
      onChange(media);
    } catch (error) {
      // Reading a file can fail in ways the rules do not name (a file removed meanwhile).
      console.error('Could not attach the picked files', error);
      setErrors([ATTACH_FAILED]);
    } finally {
      setWorking(false);
    }
  };

  const remove = (item: AttachedMedia) => {
    setErrors([]);
    onChange(value.filter((other) => other !== item));
  };

  return (
    <div className="media-picker">
      <input
        id={inputId}
        className="media-picker__input visually-hidden"
        type="file"
        multiple
        accept={ACCEPTED_MEDIA}
        aria-describedby={hintId}
        disabled={disabled || busy}
        onChange={(event) => void pick(event)}
      />
      <label htmlFor={inputId} className="media-picker__button">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M21 12.5l-8.3 8.3a5.5 5.5 0 01-7.8-7.8l8.6-8.6a3.7 3.7 0 015.2 5.2l-8.6 8.6a1.8 1.8 0 01-2.6-2.6l7.9-7.9"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {ATTACH_LABEL}
      </label>
      <p id={hintId} className="media-picker__hint">
        {ATTACH_HINT}
      </p>
      {busy && (
        <p className="media-picker__busy" role="status">
          Preparing your files...
        </p>
      )}
      <div role="alert" className="media-picker__errors">
        {errors.length > 0 && (
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
      {value.length > 0 && (
        <ul className="media-picker__previews" aria-label="Attached media">
          {value.map((item, index) => (
            <li key={`${index}-${item.file.name}`} className="media-picker__preview">
              <MediaPreview item={item} />
              <button
                type="button"
                className="media-picker__remove"
                aria-label={`Remove ${item.file.name}`}
                disabled={disabled}
                onClick={() => remove(item)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Sets the image's source to an object URL of `blob` and frees the URL when the image goes. */
function useObjectUrlSource(blob: Blob | null) {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !blob) return undefined;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

function MediaPreview({ item }: { item: AttachedMedia }) {
  const isVideo = item.kind === 'video';
  const source = isVideo ? item.file.thumbnail : item.file.file;
  const imageRef = useObjectUrlSource(source);
  if (!source) {
    return (
      <span className="media-picker__placeholder" role="img" aria-label={`Video ${item.file.name}`}>
        Video
      </span>
    );
  }
  return (
    <span className="media-picker__frame">
      <img ref={imageRef} alt={isVideo ? `Video ${item.file.name}` : item.file.name} />
      {isVideo && (
        <span className="media-picker__play" aria-hidden="true">
          ▶
        </span>
      )}
    </span>
  );
}
