import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetails } from '../../api/contract/types';
import { renderWithProviders } from '../../testing/renderWithProviders';
import {
  jsonPost,
  browseAsTester,
  startMockApi,
  type RunningMockApi,
} from '../../../mock-api/testing';
import { runEmulatorScript, setEmulatorBuildConfig } from '../../testing/emulatedPage';
import { GiftForm } from './GiftForm';

// The wallet rows of the error catalogue, with the real adapter and loadStripe over the mock API's
// Stripe.js emulator (loadStripe takes the window.Stripe a page already has).

let api: RunningMockApi;
type StripeFactory = (key: string) => { confirmPayment: (...args: unknown[]) => unknown };
let emulatedStripe: StripeFactory;

let stopBrowsing: () => void;

beforeAll(async () => {
  api = await startMockApi();
  // The app's calls carry this file's tester, as a tester's browser carries its cookie.
  stopBrowsing = browseAsTester(api);
  setEmulatorBuildConfig(api);
  await runEmulatorScript(api, '/__recaptcha/api.js');
  await runEmulatorScript(api, '/__stripe/stripe.js');
  emulatedStripe = (window as unknown as { Stripe: StripeFactory }).Stripe;
});

afterEach(async () => {
  (window as unknown as { Stripe: StripeFactory }).Stripe = emulatedStripe;
  await api.request('__scenarios', jsonPost({ name: null }));
});

afterAll(() => {
  stopBrowsing();
  return api.close();
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
