// The gift-only form (Give Gift / Donate): the payment section paying a tip or a donation alone.
import { useRef, useState } from 'react';
import { paths } from '../../config/paths';
import { submissionKey, type SubmissionKey } from '../../lib/idempotency';
import { paymentIntentBody, type GiftProfile } from '../../api/contract/intentBody';
import { PaymentSection, type IntentChoice } from './PaymentSection';
import { useCreateDonationIntentMutation, useCreatePaymentIntentMutation } from './paymentsApi';
import { type Guest } from '../../api/contract/guest';
import { isNonProfit } from '../../api/contract/kinds';
import { readFlowDraft, saveFlowDraft } from '../../lib/flowDraft';
import { forgetSentDraft } from '../../lib/flowDraftMedia';
import { markSent } from '../../lib/sentMark';

/** The draft's part of the payment section: its amount is kept, and the draft goes once paid. */
export const amountDraftProps = (profileId: string) => ({
  initialAmount: readFlowDraft(profileId)?.amount ?? '',
  onAmountChange: (amount: string) => saveFlowDraft(profileId, { amount }),
});

interface GiftFormProps {
  profile: GiftProfile;
  guest: Guest;
}

/** The labels of a gift to this profile: a donation for a non-profit, a tip otherwise. */
export function giftLabels(profile: GiftProfile) {
  const nonProfit = isNonProfit(profile);
  return {
    title: nonProfit ? 'Your donation' : 'Your tip',
    cardLabel: nonProfit ? 'Donate via Debit/Credit Card' : 'Tip via Debit/Credit Card',
    walletButtonType: nonProfit ? ('donate' as const) : ('tip' as const),
  };
}

export function GiftForm({ profile, guest }: GiftFormProps) {
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const [createDonationIntent] = useCreateDonationIntentMutation();
  // One key per request body: a repeated request is the same intent at the API and at Stripe.
  const lastKey = useRef<SubmissionKey | null>(null);

  const createIntent = (choice: IntentChoice) => {
    const body = paymentIntentBody({ profile, payer: guest, ...choice });
    lastKey.current = submissionKey(body, lastKey.current);
    const create = isNonProfit(profile) ? createDonationIntent : createPaymentIntent;
    return create({ body, idempotencyKey: lastKey.current.key }).unwrap();
  };

  const profilePath = paths.profile.href(profile._id);
  const [draftProps] = useState(() => amountDraftProps(profile._id));
  return (
    <PaymentSection
      {...giftLabels(profile)}
      combined={false}
      // The guest's lookup may still be under way (their id comes with it): no payment before.
      disabled={guest.userId === ''}
      createIntent={createIntent}
      returnPath={profilePath}
      successHref={paths.profile.href(profile._id, { sent: 'payment' })}
      {...draftProps}
      onPaid={() => {
        forgetSentDraft(profile._id);
        markSent(profile._id);
      }}
    />
  );
}
