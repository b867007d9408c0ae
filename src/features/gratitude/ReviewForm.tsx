// The review form: the kind, the title it gives, words of thanks and media, then sending it.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Field, Form, Formik, useFormikContext } from 'formik';
import { FormValuesObserver } from '../../components/FormValuesObserver';
import { useLengthLimit } from '../../components/useLengthLimit';
import { GRATITUDE_ICONS, type GratitudeIcon, type UserDetails } from '../../api/contract/types';
import { paths } from '../../config/paths';
import type { ReviewFormArgs } from '../../api/recognitionForm';
import { useSendRecognitionMutation } from './gratitudeApi';
import { serverErrorMessage } from './GuestDetailsForm';
import { sentElsewhere } from '../../lib/draftOutcome';
import { draftSendKey, sendAttempted } from '../../lib/draftSendKey';
import { attend, setInFlight, type InFlightEnd } from '../../lib/inFlight';
import { markSent } from '../../lib/sentMark';
import { SENDING_MESSAGE, UNSETTLED_SEND_NOTE } from '../../config/messages';
import { useFinishFlow } from '../../lib/useFlowAddress';
import { MAX_SAY_THANKS_LENGTH, MESSAGE_TEXT_OR_MEDIA_REQUIRED } from '../../api/contract/limits';
import { measureText } from '../../api/contract/characters';
import { MediaPicker, type AttachedMedia } from './media/MediaPicker';
import { reviewTitle } from '../../api/contract/reviewForm';
import { SAY_THANKS_LABEL, hasTextOrMedia, reviewSchema } from './schemas';
import { type Guest } from '../../api/contract/guest';
import { GRATITUDE_KINDS, isNonProfit } from '../../api/contract/kinds';
import './GratitudeForms.css';

/** What the guest has chosen, written and attached so far. */
export interface ReviewDraft {
  icon: GratitudeIcon;
  sayThanks: string;
  media: AttachedMedia[];
}

export const SAY_THANKS_PLACEHOLDER = "If you'd like, use this space to give some words of thanks.";

/** Ours: the draft was sent from another tab of this browser while this one had it open. */
export const SENT_ELSEWHERE_MESSAGE = 'This draft was already sent from another tab.';

/** What the review form gives the gift part it hosts (the payment, composed in by the route). */
export interface ReviewGiftSlot {
  /** The review as it stands now. */
  review: ReviewFormArgs;
  /** Why the review cannot go yet (no text and no media), or null. */
  precondition: () => string | null;
  disabled: boolean;
  /** From the intent call to its outcome the review is on its way: it must not change. */
  onLockChange: (locked: boolean) => void;
  /** The upload's progress in percent; null when done. */
  onProgress: (percentSent: number | null) => void;
}

interface ReviewFormProps {
  profile: Pick<UserDetails, '_id' | 'userName' | 'businessType'>;
  guest: Guest;
  /** The starting values: what was entered before the guest went back, or the chosen kind. */
  draft: ReviewDraft;
  /** Told of every change, so the draft outlives this form when the guest goes back. */
  onDraftChange: (draft: ReviewDraft) => void;
  /** The gift part Add Gift / Add Donation opens; the review then goes with its payment. */
  renderGift: (slot: ReviewGiftSlot) => ReactNode;
  /** Whether Add Gift / Add Donation had opened the gift part (kept with the draft). */
  initialGiftOpen?: boolean;
  /** Add Gift / Add Donation opened the gift part. */
  onGiftOpen?: () => void;
  /** The review has been sent (the page is about to move on). */
  onSent?: () => void;
}

/** What a send's Idempotency-Key stands for: the same values are the same submission. */
const sendValues = (review: ReviewFormArgs) => ({
  profileId: review.profileId,
  guest: { fullName: review.guest.fullName, email: review.guest.email },
  icon: review.icon,
  sayThanks: review.sayThanks,
  media: review.media,
});

export function ReviewForm({
  profile,
  guest,
  draft,
  onDraftChange,
  renderGift,
  initialGiftOpen = false,
  onGiftOpen,
  onSent,
}: ReviewFormProps) {
  // The guest's lookup may still be under way (their id comes with it): nothing is sent before.
  const identified = guest.userId !== '';
  const [sendRecognition] = useSendRecognitionMutation();
  const finishFlow = useFinishFlow();
  const [serverError, setServerError] = useState<string | null>(null);
  const [percentSent, setPercentSent] = useState<number | null>(null);
  const [preparingMedia, setPreparingMedia] = useState(false);
  const [sent, setSent] = useState(false);
  // Add Gift / Add Donation opens the payment section; the review then goes with the payment.
  const [giftOpen, setGiftOpen] = useState(initialGiftOpen);
  // From the intent call to its outcome the review is on its way: it must not change.
  const [paymentLocked, setPaymentLocked] = useState(false);
  const nonProfit = isNonProfit(profile);
  // This form tells how its send goes; the flow around it tells only when it is gone.
  useEffect(() => attend(profile._id), [profile._id]);

  /** The review as the gratitude form carries it. */
  const reviewArgs = (values: ReviewDraft): ReviewFormArgs => {
    const video = values.media.find((item) => item.kind === 'video');
    return {
      profileId: profile._id,
      icon: values.icon,
      title: reviewTitle(guest.fullName, values.icon, profile.userName),
      sayThanks: values.sayThanks.trim(),
      guest,
      isNonProfit: nonProfit,
      media: values.media.map((item) => item.file.file),
      thumbnail: video?.file.thumbnail ?? null,
    };
  };

  // Whether this form is still on the page: a send whose answer comes after Browser Back folded
  // the review step away is told by the flow around it (PaymentRecovery), from where it is now.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = async (values: ReviewDraft) => {
    setServerError(null);
    if (sentElsewhere(profile._id)) {
      setServerError(SENT_ELSEWHERE_MESSAGE);
      return;
    }
    const review = reviewArgs(values);
    // One key per set of values, kept in the draft: a retry of the same values is the same
    // submission, after a lost answer and a reload too; changed words or media are another.
    const idempotencyKey = draftSendKey(profile._id, sendValues(review));
    if (review.media.length > 0) setPercentSent(0);
    setInFlight(profile._id, 'sending');
    let ended: InFlightEnd = null;
    try {
      await sendRecognition({ ...review, idempotencyKey, onProgress: setPercentSent }).unwrap();
      ended = 'sent';
      // Accepted: every load of the profile shows it to this guest from now on, whether or not
      // they press OK (lib/sentMark).
      markSent(profile._id);
      setSent(true);
      onSent?.();
      // The profile, in place (no reload): it asks the API again and shows the Congratulations
      // modal; the flow's steps are folded away behind it (one Back after OK leaves the flow).
      if (mounted.current) finishFlow(paths.profile.href(profile._id, { sent: 'recognition' }));
    } catch (error) {
      setServerError(serverErrorMessage(error));
    } finally {
      setInFlight(profile._id, null, ended);
      setPercentSent(null);
    }
  };

  const lockChanged = useCallback((locked: boolean) => setPaymentLocked(locked), []);

  return (
    <Formik<ReviewDraft> initialValues={draft} validationSchema={reviewSchema} onSubmit={submit}>
      {({ values, isSubmitting, setFieldValue }) => {
        const unsettled = !sent && sendAttempted(profile._id, sendValues(reviewArgs(values)));
        return (
          <>
            <Form className="gratitude-form" noValidate aria-label="Your thanks">
              <FormValuesObserver onChange={onDraftChange} />
              <fieldset className="gratitude-form__kinds" disabled={paymentLocked}>
                <legend className="gratitude-form__label">Kind of thanks</legend>
                {GRATITUDE_ICONS.map((icon) => (
                  <label key={icon} className="gratitude-form__kind">
                    <Field type="radio" name="icon" value={icon} />
                    {GRATITUDE_KINDS[icon].label}
                  </label>
                ))}
              </fieldset>
              <ReviewTitleField
                title={reviewTitle(guest.fullName, values.icon, profile.userName)}
              />
              <SayThanksField readOnly={paymentLocked} />
              <MediaPicker
                value={values.media}
                onChange={(media) => void setFieldValue('media', media)}
                onBusyChange={setPreparingMedia}
                disabled={isSubmitting || sent || paymentLocked}
              />
              {percentSent !== null && <UploadProgress percent={percentSent} />}
              <p role="status" className="gratitude-form__sending">
                {isSubmitting ? SENDING_MESSAGE : ''}
              </p>
              <div role="alert" className="gratitude-form__server-error">
                {serverError}
              </div>
              {!giftOpen && unsettled && (
                <p className="gratitude-form__note">{UNSETTLED_SEND_NOTE}</p>
              )}
              {!giftOpen && (
                <div className="gratitude-form__actions">
                  {/* A send of these very values may have gone through (its answer was lost): the
                    review with a tip would be a second one. Submit finds out, sending it once. */}
                  {!unsettled && (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => {
                        setGiftOpen(true);
                        onGiftOpen?.();
                      }}
                    >
                      {nonProfit ? 'Add Donation' : 'Add Gift'}
                    </button>
                  )}
                  <button
                    type="submit"
                    className="button gratitude-form__submit"
                    disabled={
                      !hasTextOrMedia(values) ||
                      isSubmitting ||
                      preparingMedia ||
                      sent ||
                      !identified
                    }
                  >
                    Submit
                  </button>
                </div>
              )}
            </Form>
            {giftOpen &&
              // Outside the review's <form>: the card form is a form of its own.
              renderGift({
                review: reviewArgs(values),
                precondition: () =>
                  hasTextOrMedia(values) ? null : MESSAGE_TEXT_OR_MEDIA_REQUIRED,
                disabled: preparingMedia || !identified,
                onLockChange: lockChanged,
                onProgress: setPercentSent,
              })}
          </>
        );
      }}
    </Formik>
  );
}

function ReviewTitleField({ title }: { title: string }) {
  const id = useId();
  return (
    <div className="gratitude-form__field">
      <label htmlFor={id} className="gratitude-form__label">
        Review Title
      </label>
      <input
        id={id}
        type="text"
        className="gratitude-form__input gratitude-form__input--readonly"
        value={title}
        readOnly
      />
    </div>
  );
}

function SayThanksField({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const { values, errors, touched, setFieldValue } = useFormikContext<ReviewDraft>();
  const limit = useLengthLimit({
    value: values.sayThanks,
    max: MAX_SAY_THANKS_LENGTH,
    label: SAY_THANKS_LABEL,
    onChange: (value) => void setFieldValue('sayThanks', value),
  });
  // "Text or media" is shown by the disabled Submit; a message would nag a guest who only attaches.
  const error =
    touched.sayThanks && errors.sayThanks !== MESSAGE_TEXT_OR_MEDIA_REQUIRED
      ? errors.sayThanks
      : undefined;
  return (
    <div className="gratitude-form__field">
      <label htmlFor={id} className="gratitude-form__label">
        {SAY_THANKS_LABEL}
      </label>
      <Field
        as="textarea"
        id={id}
        name="sayThanks"
        rows={5}
        placeholder={SAY_THANKS_PLACEHOLDER}
        readOnly={readOnly}
        onChange={limit.onChange}
        className="gratitude-form__input gratitude-form__textarea"
        aria-invalid={Boolean(error)}
        aria-describedby={[countId, limit.note && noteId, error && errorId]
          .filter(Boolean)
          .join(' ')}
      />
      <p id={countId} className="gratitude-form__count">
        {measureText(values.sayThanks)}/{MAX_SAY_THANKS_LENGTH}
      </p>
      <p id={noteId} className="gratitude-form__note" aria-live="polite">
        {limit.note}
      </p>
      {error && (
        <p id={errorId} className="gratitude-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  const id = useId();
  return (
    <div className="gratitude-form__progress">
      <label htmlFor={id} className="gratitude-form__label">
        Uploading
      </label>
      <progress id={id} max={100} value={percent} />
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
