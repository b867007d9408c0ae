/** @jest-environment jest-fixed-jsdom */
// The Stripe.js emulator's stripe.handleNextAction({ clientSecret }) for an intent confirmed
// elsewhere: the in-page 3-D Secure dialog; an intent that needs no action is a misuse.
import { fireEvent, screen, within } from '@testing-library/dom';
import '@testing-library/jest-dom';
import { browseAsTester, startMockApi, type RunningMockApi } from '../testing';
import { runEmulatorScript } from '../../src/testing/emulatedPage';

interface Result {
  paymentIntent?: { id: string; status: string };
  error?: { type: string; code?: string; message: string; payment_intent?: { status: string } };
}
interface StripeLike {
  handleNextAction(options?: unknown): Promise<Result>;
}

let api: RunningMockApi;
let stripe: StripeLike;
let stopBrowsing: () => void;

beforeAll(async () => {
  api = await startMockApi();
  stopBrowsing = browseAsTester(api);
  await runEmulatorScript(api, '/__stripe/stripe.js');
  stripe = (window as unknown as { Stripe: (key: string) => StripeLike }).Stripe(
    'pk_test_emulator',
  );
});

afterEach(() => {
  document.body.innerHTML = '';
});

afterAll(() => {
  stopBrowsing();
  return api.close();
});

/** A $20 intent, confirmed by a server with the secret key and `card`. */
async function intentConfirmedWith(card: string): Promise<{ secret: string; status: string }> {
  const call = (path: string, fields: Record<string, string>) =>
    fetch(`${api.origin}/v1/${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${api.emulatorSecretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    }).then(
      (answer) => answer.json() as Promise<{ id: string; client_secret: string; status: string }>,
    );
  const intent = await call('payment_intents', {
    amount: '2000',
    currency: 'usd',
    'payment_method_types[]': 'card',
  });
  const confirmed = await call(`payment_intents/${intent.id}/confirm`, {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 1),
    'payment_method_data[card][cvc]': '123',
  });
  return { secret: intent.client_secret, status: confirmed.status };
}

describe('an intent waiting for 3-D Secure in the page (4000 0025 0000 3155)', () => {
  it('opens the challenge dialog and resolves the intent, succeeded, once it is completed', async () => {
    const { secret, status } = await intentConfirmedWith('4000002500003155');
    expect(status).toBe('requires_action');
    const handled = stripe.handleNextAction({ clientSecret: secret });
    const dialog = await screen.findByRole('dialog', { name: '3D Secure authentication' });
    expect(
      within(dialog).getByText('Your bank asks you to confirm a payment of $20.00.'),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    expect((await handled).paymentIntent).toMatchObject({
      id: secret.split('_secret_')[0],
      status: 'succeeded',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves { error } when the authentication fails', async () => {
    const { secret } = await intentConfirmedWith('4000002500003155');
    const handled = stripe.handleNextAction({ clientSecret: secret });
    const dialog = await screen.findByRole('dialog', { name: '3D Secure authentication' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
    expect((await handled).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      payment_intent: { status: 'requires_payment_method' },
    });
  });
});

// One that waits for a payment method is refused alike.
it('rejects with an IntegrationError for an intent that has succeeded', async () => {
  const { secret } = await intentConfirmedWith('4242424242424242');
  const handled = stripe.handleNextAction({ clientSecret: secret });
  await expect(handled).rejects.toThrow(
    'handleNextAction: The PaymentIntent supplied is not in the requires_action state.',
  );
  await expect(handled).rejects.toHaveProperty('name', 'IntegrationError');
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('rejects a missing or malformed clientSecret with an IntegrationError', async () => {
  for (const options of [undefined, {}, { clientSecret: '' }]) {
    const missing = stripe.handleNextAction(options);
    await expect(missing).rejects.toThrow(
      'You must pass in a clientSecret when calling stripe.handleNextAction().',
    );
    await expect(missing).rejects.toHaveProperty('name', 'IntegrationError');
  }
  await expect(stripe.handleNextAction({ clientSecret: 'pi_123' })).rejects.toThrow(
    'Invalid value for stripe.handleNextAction(): clientSecret should be a client secret of the ' +
      'form ${id}_secret_${secret}. You specified: pi_123.',
  );
});
