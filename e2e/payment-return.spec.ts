// A return from Stripe's redirect: the profile asks Stripe (retrievePaymentIntent) before it
// congratulates (a paid one: thanks-in-place.spec.ts, its 3-D Secure redirect).
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { emulatorSecretAuth } from './payment-helpers';
import { PAYMENT_MESSAGES } from '../src/features/payments/paymentMessages';

async function createIntent(request: APIRequestContext) {
  const response = await request.post('/v1/payment_intents', {
    headers: emulatorSecretAuth(),
    form: { amount: 1575, currency: 'usd', 'payment_method_types[]': 'card' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; client_secret: string };
}

test('a redirect return whose intent Stripe has not seen succeed shows no Congratulations', async ({
  page,
  request,
  expectAccessible,
}) => {
  const intent = await createIntent(request);
  const returned =
    `/user_profile/ava-martinez?payment_intent=${intent.id}` +
    `&payment_intent_client_secret=${intent.client_secret}&redirect_status=succeeded`;

  // Not paid yet: the address claims success, Stripe does not.
  await page.goto(returned);
  await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.incomplete);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible();
});
