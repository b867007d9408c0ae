// Steps of the gift form several component tests take, by role and label, as a guest does.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { CARD_LABELS } from '../features/payments/giftLabels';

/** Picks $15, ticks the captcha and opens the card form: its Pay Now shows. */
export async function openCardFormAtFifteen(user: UserEvent): Promise<void> {
  await user.click(screen.getByRole('button', { name: '$15' }));
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
  await user.click(await screen.findByRole('button', { name: new RegExp(CARD_LABELS.tip) }));
  expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
}

/** No pay button (Pay Now, card, Apple or Google Pay) is left and the captcha asks again. */
export async function expectCaptchaAskedAgain(): Promise<HTMLElement> {
  expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: /Debit\/Credit Card|Apple Pay|Google Pay/ }),
  ).not.toBeInTheDocument();
  const captcha = await screen.findByRole('checkbox', { name: "I'm not a robot" });
  expect(captcha).not.toBeChecked();
  return captcha;
}
