// The gift-only form (Give Gift / Donate): the payment section paying a tip or a donation alone.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { RESULT_PARAMS, paths } from '../../config/paths';
import {
  paymentIntentBody,
  type GiftProfile,
  type PaymentIntentBody,
} from '../../api/contract/intentBody';
import { PaymentSection, type IntentChoice } from './PaymentSection';
import { useCreateDonationIntentMutation, useCreatePaymentIntentMutation } from './paymentsApi';
import { type Guest } from '../../api/contract/guest';
import { isNonProfit } from '../../api/contract/kinds';
import { giftLabels } from './giftLabels';
import { ownFlowDraft, saveFlowDraft } from '../../lib/flowDraftWork';
import { draftSendKey } from '../../lib/draftSendKey';
import { forgetSentDraft } from '../../lib/flowDraftMedia';
import { markSent } from '../../lib/sentMark';

/**
 * The draft's part of the payment section: its amount is kept, and so is its intent, and the
 * draft goes once paid.
 */
export const amountDraftProps = (profileId: string) => ({
  draftId: profileId,
  initialAmount: ownFlowDraft(profileId)?.amount ?? '',
  onAmountChange: (amount: string) => saveFlowDraft(profileId, { amount }),
});

/**
 * The intent call's Idempotency-Key, kept in the draft: the same request after a lost answer and
 * a reload is the same intent. The captcha's token is not part of it: it is single use, so a
 * retry carries a new one (the API leaves it out of the request's fingerprint too).
 */
export const intentKey = (profileId: string, body: PaymentIntentBody, extra: object = {}) =>
  draftSendKey(profileId, { ...extra, body: { ...body, captchaToken: undefined } });

/**
 * Where Stripe sends the guest back after a redirect (3-D Secure on the bank's page): the flow's
 * own address, so the flow asks Stripe how the payment ended, with the draft still there.
 */
export function useReturnPath(): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const name of RESULT_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

interface GiftFormProps {
  profile: GiftProfile;
  guest: Guest;
}

export function GiftForm({ profile, guest }: GiftFormProps) {
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const [createDonationIntent] = useCreateDonationIntentMutation();

  // One key per request body: a repeated request is the same intent at the API and at Stripe.
  const createIntent = (choice: IntentChoice) => {
    const body = paymentIntentBody({ profile, payer: guest, ...choice });
    const create = isNonProfit(profile) ? createDonationIntent : createPaymentIntent;
    return create({ body, idempotencyKey: intentKey(profile._id, body) }).unwrap();
  };

  const returnPath = useReturnPath();
  const [draftProps] = useState(() => amountDraftProps(profile._id));
  return (
    <PaymentSection
      {...giftLabels(profile)}
      combined={false}
      // The guest's lookup may still be under way (their id comes with it): no payment before.
      disabled={guest.userId === ''}
      createIntent={createIntent}
      returnPath={returnPath}
      successHref={paths.profile.href(profile._id, { sent: 'payment' })}
      {...draftProps}
      onPaid={() => {
        forgetSentDraft(profile._id);
        markSent(profile._id);
      }}
    />
  );
}
