import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetails } from '../../api/contract/types';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { jsonPost, type RunningMockApi } from '../../../mock-api/testing';
import { startPaymentPage, type PaymentPage } from '../../testing/emulatedPage';
import { expectCaptchaAskedAgain, openCardFormAtFifteen } from '../../testing/giftSteps';
import { GiftForm } from './GiftForm';
import { PaymentSection, type IntentChoice } from './PaymentSection';

// The wallet rows of the error catalogue, with the real adapter over the Stripe.js emulator.
type StripeFactory = (key: string) => { confirmPayment: (...args: unknown[]) => unknown };
let api: RunningMockApi;
let page: PaymentPage;
let emulatedStripe: StripeFactory;

// Desktop Chrome, whose wallet is Google Pay: the emulator offers wallets by platform.
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
let userAgent: jest.SpyInstance<string, []>;

beforeAll(async () => {
  userAgent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_CHROME);
  page = await startPaymentPage(['/__recaptcha/api.js', '/__stripe/stripe.js']);
  api = page.api;
  emulatedStripe = (window as unknown as { Stripe: StripeFactory }).Stripe;
});

afterEach(async () => {
  (window as unknown as { Stripe: StripeFactory }).Stripe = emulatedStripe;
  await api.request('__scenarios', jsonPost({ name: null }));
});

afterAll(() => {
  userAgent.mockRestore();
  return page.close();
});

const bluebird = { _id: 'bluebird-cafe', userName: 'bluebird.cafe', businessType: 'WORKPLACE' };

async function openGiftForm(fullName: string) {
  renderWithProviders(
    <GiftForm
      profile={bluebird as unknown as UserDetails}
      guest={await api.createGuest(fullName)}
    />,
    { api },
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: '$10' }));
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
  return user;
}

describe('PaymentSection wallets', () => {
  it('marks the sheet failed and says so when the wallet confirmation throws', async () => {
    // Stripe.js itself throwing while confirming (e.g. its frame went away mid-payment).
    const throwing = (key: string) => {
      const stripe = emulatedStripe(key);
      stripe.confirmPayment = () => Promise.reject(new Error('Stripe.js went away'));
      return stripe;
    };
    // The same release as the emulator, so loadStripe takes it as the expected Stripe.js.
    (window as unknown as { Stripe: StripeFactory }).Stripe = Object.assign(throwing, {
      version: (emulatedStripe as unknown as { version: string }).version,
    });
    const user = await openGiftForm('Wren Thrown');
    await user.click(await screen.findByRole('button', { name: /Google Pay/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Google Pay' });
    await user.click(within(sheet).getByRole('button', { name: 'Pay' }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
        'An error occurred. Please try again.',
      ),
    );
    expect(within(sheet).getByRole('status')).toHaveTextContent('Payment failed.');
    expect(screen.queryByText('succeeded')).not.toBeInTheDocument();
  });

  it('says Google Pay is not supported when the browser offers no wallet', async () => {
    await api.request('__scenarios', jsonPost({ name: 'wallet-unsupported' }));
    await openGiftForm('Una Supported');
    expect(
      await screen.findByText('Google Pay is not supported on this device or browser'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google Pay|Apple Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tip via Debit\/Credit Card/ })).toBeEnabled();
  });
});

describe('PaymentSection, when what the intent carries changes', () => {
  it('asks for the captcha again once an intent took its token (a review edited after its card)', async () => {
    const choices: IntentChoice[] = [];
    // The card form needs no real intent until Pay Now: any client secret shows it.
    const createIntent = (choice: IntentChoice) => {
      choices.push(choice);
      return Promise.resolve(`pi_scope${choices.length}_secret_test`);
    };
    // The review around the section: editing it changes what the intent carries.
    function EditableReview() {
      const [scope, setScope] = useState('Thank you');
      return (
        <>
          <button type="button" onClick={() => setScope('Thank you, again')}>
            Edit the review
          </button>
          <PaymentSection
            title="Your tip"
            cardLabel="Tip via Debit/Credit Card"
            walletButtonType="tip"
            combined
            createIntent={createIntent}
            successHref={null}
            returnPath="/user_profile/bluebird-cafe"
            scope={scope}
          />
        </>
      );
    }
    renderWithProviders(<EditableReview />, { api });
    const user = userEvent.setup();
    await openCardFormAtFifteen(user);

    await user.click(screen.getByRole('button', { name: 'Edit the review' }));
    const captcha = await expectCaptchaAskedAgain();

    await user.click(captcha);
    await user.click(await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ }));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')[0]).toBeEmptyDOMElement();
    expect(choices).toHaveLength(2);
    expect(choices[1]!.captchaToken).not.toBe(choices[0]!.captchaToken);
    expect(choices[1]!.captchaToken).not.toBe('');
  });
});
