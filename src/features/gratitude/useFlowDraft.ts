// The flow's values, started from the guest's kept draft (lib/flowDraft) and kept as they change:
// the guest's details, the review (kind, words, whether the gift part is open) and its media.
import { useEffect, useRef, useState } from 'react';
import type { FlowKind } from '../../api/contract/kinds';
import { readFlowDraft } from '../../lib/flowDraft';
import { openFlowDraft, saveFlowDraft } from '../../lib/flowDraftWork';
import { forgetDraftMedia, loadDraftMedia, saveDraftMedia } from '../../lib/flowDraftMedia';
import type { AttachedMedia } from './media/MediaPicker';
import type { ReviewDraft } from './ReviewForm';
import type { GuestDetailsValues } from './schemas';

/** A kept medium as MediaPicker made it: anything else in storage is left out. */
function isAttachedMedia(value: unknown): value is AttachedMedia {
  const item = value as Partial<AttachedMedia> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    (item.kind === 'image' || item.kind === 'video') &&
    item.file?.file instanceof Blob &&
    typeof item.file.name === 'string' &&
    typeof item.file.type === 'string' &&
    typeof item.file.size === 'number'
  );
}

export function useFlowDraft(profileId: string, kind: FlowKind) {
  const [start] = useState(() => {
    // The draft this flow starts from: none for a fresh tap on an action, the stored one on a
    // reload in its own tab or when the guest asked to continue it. A draft this page wrote
    // itself (Back to the profile, then Forward) is not news.
    const { draft: saved, restored } = openFlowDraft(profileId);
    // Files left without their words (a draft sent or discarded elsewhere) are never read back;
    // a stored draft's files stay while it may still be continued.
    if (!saved?.mediaCount && !readFlowDraft(profileId)?.mediaCount) forgetDraftMedia(profileId);
    return { saved, restored };
  });
  const { saved } = start;
  const sameKind = saved?.kind === kind;
  // A send of the draft whose answer never came keeps its kind in any flow: the same values are
  // the same send (its key), which the API makes once; another kind would be a second review.
  const keepsKind = sameKind || saved?.sendKey !== undefined;
  const [guestValues, setGuestValuesState] = useState<GuestDetailsValues>(
    saved?.guest ?? { fullName: '', email: '' },
  );
  const [draft, setDraftState] = useState<ReviewDraft>({
    icon: keepsKind && saved?.review ? saved.review.icon : kind === 'gift' ? 'RECOGNITION' : kind,
    sayThanks: saved?.review?.sayThanks ?? '',
    media: [],
  });
  const [giftOpen, setGiftOpen] = useState(sameKind && saved.review?.giftOpen === true);
  // The kept files are read before the forms show, so the review form starts with them.
  const [loading, setLoading] = useState(saved !== null && saved.mediaCount > 0);
  /** The media as last written to storage: while they differ from the form's, it is saving. */
  const [savedMedia, setSavedMedia] = useState<readonly AttachedMedia[]>(draft.media);
  const latestMedia = useRef<readonly AttachedMedia[]>(draft.media);
  const [mediaKept, setMediaKept] = useState(true);

  useEffect(() => {
    if (!loading) return;
    let live = true;
    void loadDraftMedia(profileId).then((items) => {
      if (!live) return;
      const media = items.filter(isAttachedMedia);
      latestMedia.current = media;
      setDraftState((current) => ({ ...current, media }));
      setSavedMedia(media);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [loading, profileId]);

  const saveReview = (values: ReviewDraft, open: boolean) =>
    saveFlowDraft(profileId, {
      kind,
      review: { icon: values.icon, sayThanks: values.sayThanks, giftOpen: open },
    });

  const setDraft = (values: ReviewDraft) => {
    setDraftState(values);
    saveReview(values, giftOpen);
    if (values.media === latestMedia.current) return;
    const media = values.media;
    latestMedia.current = media;
    void saveDraftMedia(profileId, media).then((kept) => {
      if (latestMedia.current !== media) return;
      setSavedMedia(media);
      setMediaKept(kept);
    });
  };

  const anything =
    guestValues.fullName.trim() !== '' ||
    guestValues.email.trim() !== '' ||
    draft.sayThanks.trim() !== '' ||
    draft.media.length > 0;

  return {
    loading,
    restored: start.restored,
    guestValues,
    draft,
    giftOpen,
    /** True while chosen media are being written to storage. */
    savingMedia: draft.media !== savedMedia,
    /** Says the draft is kept, once there is something to keep. */
    note: !anything
      ? ''
      : mediaKept
        ? 'Your draft is kept on this device.'
        : 'Your words are kept on this device; the photos or video could not be.',
    setGuestValues: (values: GuestDetailsValues) => {
      setGuestValuesState(values);
      saveFlowDraft(profileId, { kind, guest: { fullName: values.fullName, email: values.email } });
    },
    setDraft,
    openGift: () => {
      setGiftOpen(true);
      saveReview(draft, true);
    },
  };
}
