// The gift part of the review form (Add Gift / Add Donation): the payment section paying a tip
// or donation that carries the review with it (gratitudeType BOTH, published once it succeeds).
import { useState } from 'react';
import { paymentIntentBody, type GiftProfile } from '../../api/contract/intentBody';
import type { ReviewFormArgs } from '../../api/recognitionForm';
import { paths } from '../../config/paths';
import { rememberPendingReview } from '../../lib/pendingReviews';
import { stableStringify } from '../../api/contract/canonicalJson';
import { amountDraftProps, intentKey, useReturnPath } from './GiftForm';
import { giftLabels } from './giftLabels';
import { forgetSentDraft } from '../../lib/flowDraftMedia';
import { markSent } from '../../lib/sentMark';
import { setInFlight } from '../../lib/inFlight';

import { PaymentSection, type IntentChoice } from './PaymentSection';
import { useCreateIntentForBothMutation } from './paymentsApi';

export interface ReviewGiftProps {
  profile: GiftProfile;
  /** The review as it stands now; its guest pays. */
  review: ReviewFormArgs;
  /** Why the review cannot go yet (no text and no media), or null. */
  precondition: () => string | null;
  disabled: boolean;
  /** Told when the review must stop changing (an intent is open) and when it may again. */
  onLockChange: (locked: boolean) => void;
  /** The upload's progress in percent while the review's media are sent; null when done. */
  onProgress: (percentSent: number | null) => void;
}

export function ReviewGift({
  profile,
  review,
  precondition,
  disabled,
  onLockChange,
  onProgress,
}: ReviewGiftProps) {
  const [createIntentForBoth] = useCreateIntentForBothMutation();
  const [draftProps] = useState(() => amountDraftProps(profile._id));
  const returnPath = useReturnPath();

  // One key per review and request body: a retry of the same values is the same submission,
  // after a reload too. The review goes with the intent call: it is on its way until answered.
  const createIntent = async (choice: IntentChoice) => {
    const body = paymentIntentBody({ profile, payer: review.guest, ...choice });
    const idempotencyKey = intentKey(profile._id, body, { review });
    if (review.media.length > 0) onProgress(0);
    setInFlight(profile._id, 'sending');
    try {
      return await createIntentForBoth({ review, body, idempotencyKey, onProgress }).unwrap();
    } finally {
      setInFlight(profile._id, null);
      onProgress(null);
    }
  };

  return (
    <PaymentSection
      {...giftLabels(profile)}
      combined
      focusOnMount
      createIntent={createIntent}
      scope={stableStringify(review)}
      precondition={precondition}
      disabled={disabled}
      onLockChange={onLockChange}
      returnPath={returnPath}
      successHref={paths.profile.href(profile._id, { sent: 'payment' })}
      {...draftProps}
      // Paid: the draft is done with; the review shows to this guest, marked, until Stripe's
      // webhook publishes it.
      onPaid={() => {
        forgetSentDraft(profile._id);
        markSent(profile._id);
        rememberPendingReview({
          profileId: profile._id,
          icon: review.icon,
          title: review.title,
          sayThanks: review.sayThanks,
          guestName: review.guest.fullName,
          paidAt: Date.now(),
        });
      }}
    />
  );
}
