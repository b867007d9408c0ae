// How a draft ends, as the model sees it: paid or sent; either way the profile congratulates.
import { clearSent, ownDraft, type DraftModel } from './drafts';
import { finishFlow, type GiftModel, type WalkModel } from './model';

/** Paid from the review's gift part, its review is published too (by Stripe's webhook). */
export function paid(m: WalkModel, scope: GiftModel['scope'], draft = ownDraft(m)): void {
  if (draft) {
    draft.paid = true;
    if (scope === 'review') draft.published = true;
  }
  clearSent(m);
  finishFlow(m, 'redirect_status=succeeded');
}

export function sent(m: WalkModel, draft: DraftModel | null = ownDraft(m)): void {
  if (draft) draft.published = true;
  clearSent(m);
  finishFlow(m, 'show=true');
}

export const intentKey = (gift: GiftModel, option: string) =>
  `${option} ${gift.amount} ${gift.scope}`;
