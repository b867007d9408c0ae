// A second tab continues the same draft (issue 49) and one of the two sends it: the other says it
// was sent from another tab and offers nothing more.
import type { Locator, Page } from '@playwright/test';
import { CONGRATULATIONS, fillCard, passCaptcha } from '../driver/guest';
import { locatorOf } from '../driver/playwright';
import { driverOf, expect } from '../fixtures';
import { PAYS } from '../testCards';
import { ownDraft, SENT_ELSEWHERE_MESSAGE } from './drafts';
import type { GuestPage } from './guestPage';
import { expectNoPaymentOffered } from './interruptions';
import { atStep, modalOpen, type WalkModel } from './model';
import { paid, sent } from './outcomes';
import { reviewForm, reviewReady } from './reviewSteps';
import { arrived, flowRegion, giftRegion, Step } from './step';

export const SENDERS = ['this tab', 'the second tab'] as const;

const sendsBy = (m: Readonly<WalkModel>): 'submit' | 'pay' | null =>
  reviewReady(m) ? 'submit' : atStep(m, 'gift') && m.gift?.cardForm === true ? 'pay' : null;

const sentElsewhereAlert = (region: Locator) =>
  region.getByRole('alert').filter({ hasText: SENT_ELSEWHERE_MESSAGE });

export const secondTab = (sender: (typeof SENDERS)[number]) =>
  new Step({
    name: `a second tab continues the draft; ${sender} sends it`,
    move: `second tab (${sender} sends)`,
    check: (m) =>
      !modalOpen(m) && m.stored?.mine === true && ownDraft(m) !== null && sendsBy(m) !== null,
    update: (m) => {
      const draft = ownDraft(m)!;
      const by = sendsBy(m)!;
      // The second tab continued it: its tab owns the stored draft now.
      m.stored!.mine = false;
      if (sender === 'this tab') {
        if (by === 'pay') paid(m, 'gift', draft);
        else sent(m, draft);
        return;
      }
      if (by === 'pay') draft.paid = true;
      else draft.published = true;
      // The second tab ended it: this tab's flow says it was sent elsewhere.
      m.sentMark = draft.n;
      m.stored = null;
      m.gift = null;
    },
    act: async (walk, m, before) => {
      const by = sendsBy(before)!;
      const n = before.working!;
      const tab = await walk.openSecondTab();
      try {
        await driverOf(tab).goto(`/user_profile/${walk.profile.id}`);
        await tab.getByRole('button', { name: 'Continue your draft' }).click();
        const region = tab.getByRole('region', { name: new RegExp(` ${walk.profile.name}$`) });
        const details = region.getByRole('form', { name: 'Your details' });
        await expect(details.getByLabel('Full Name')).toHaveValue(walk.guestOf(n).fullName);
        await details.getByRole('button', { name: 'Submit' }).click();
        const send = await (by === 'pay'
          ? openCardForm(tab, walk, before.gift!.amount)
          : reviewIn(tab, walk, n));
        const mine = by === 'pay' ? giftRegion(walk) : reviewForm(walk);
        const hereSend = mine.getByRole('button', { name: by === 'pay' ? 'Pay Now' : 'Submit' });
        if (by === 'pay') await fillCard(driverOf(walk.page), PAYS);
        if (sender === 'this tab') {
          await hereSend.click();
          await arrived(walk, m);
          await expect(sentElsewhereAlert(region)).toBeVisible();
          await expect(region.getByRole('button', { name: /^(Submit|Pay Now)$/ })).toHaveCount(0);
          await expectNoPaymentOffered(tab, 'the tab that did not send');
        } else {
          await send.click();
          await expect(locatorOf(tab, CONGRATULATIONS)).toBeVisible();
          await expect(sentElsewhereAlert(flowRegion(walk))).toBeVisible();
          await expect(hereSend).toHaveCount(0);
          await expectNoPaymentOffered(tab, 'the tab that paid');
        }
      } finally {
        await tab.close();
      }
    },
  });

async function reviewIn(tab: Page, walk: GuestPage, n: number) {
  const form = tab.getByRole('form', { name: 'Your thanks' });
  await expect(form.getByLabel('Say thanks')).toHaveValue(walk.wordsOf(n));
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeEnabled();
  return submit;
}

async function openCardForm(tab: Page, walk: GuestPage, amount: string) {
  const gift = tab.getByRole('region', { name: walk.profile.giftTitle });
  await expect(gift.getByLabel('Other (in Dollars)')).toHaveValue(amount);
  await passCaptcha(driverOf(tab));
  await gift.getByRole('button', { name: walk.profile.cardOption }).click();
  const payNow = gift.getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeEnabled();
  await fillCard(driverOf(tab), PAYS);
  return payNow;
}
