// How a draft ends, as the model sees it: paid (the card, a wallet, a confirmation told after a
// reload or Back), or its recognition sent; either way the page congratulates on the profile.
import { clearSent, ownDraft, type DraftModel } from './drafts';
import { finishFlow, type GiftModel, type WalkModel } from './model';

/**
 * The draft this page works on paid (with its review, from the review's gift part: Stripe's
 * webhook publishes it): the profile with `redirect_status=succeeded`, which ends the draft.
 */
export function paid(m: WalkModel, scope: GiftModel['scope'], draft = ownDraft(m)): void {
  if (draft) {
    draft.paid = true;
    if (scope === 'review') draft.published = true;
  }
  clearSent(m);
  finishFlow(m, 'redirect_status=succeeded');
}

/** The draft's recognition was accepted: the profile with `show=true`, in place. */
export function sent(m: WalkModel, draft: DraftModel | null = ownDraft(m)): void {
  if (draft) draft.published = true;
  clearSent(m);
  finishFlow(m, 'show=true');
}

/** The intent key of a payment option pressed in `gift`: option, amount and where. */
export const intentKey = (gift: GiftModel, option: string) =>
  `${option} ${gift.amount} ${gift.scope}`;
