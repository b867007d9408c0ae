import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetails } from '../../api/contract/types';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { jsonPost, type RunningMockApi } from '../../../mock-api/testing';
import { startPaymentPage, type PaymentPage } from '../../testing/emulatedPage';
import { expectCaptchaAskedAgain, openCardFormAtFifteen } from '../../testing/giftSteps';
import { GiftForm } from './GiftForm';
import { type Guest } from '../../api/contract/guest';

// The gift-only form against the real mock API and its reCAPTCHA and Stripe.js emulators
// (loadStripe takes the window.Stripe a page already has). A test can replace the load with
// `mockStripeLoad` to see the form while Stripe.js is loading or when it cannot load.
let mockStripeLoad: (() => Promise<null>) | null = null;
jest.mock('@stripe/stripe-js/pure', () => {
  const actual =
    jest.requireActual<typeof import('@stripe/stripe-js/pure')>('@stripe/stripe-js/pure');
  return {
    loadStripe: (key: string) => (mockStripeLoad ? mockStripeLoad() : actual.loadStripe(key)),
  };
});

let api: RunningMockApi;

let page: PaymentPage;

beforeAll(async () => {
  page = await startPaymentPage(['/__recaptcha/api.js', '/__stripe/stripe.js']);
  api = page.api;
});

afterEach(async () => {
  await api.request('__scenarios', jsonPost({ name: null }));
});

afterAll(() => page.close());

const ava = { _id: 'ava-martinez', userName: 'ava.martinez', businessType: 'PERSON' };
const greenEarth = {
  _id: 'green-earth-fund',
  userName: 'greenearthfund',
  businessType: 'NON-PROFIT',
};

const guestNamed = (fullName: string): Promise<Guest> => api.createGuest(fullName);

async function openGiftForm(profile: typeof ava, guest: Guest) {
  const { unmount } = renderWithProviders(
    <GiftForm profile={profile as unknown as UserDetails} guest={guest} />,
    { api },
  );
  return { user: userEvent.setup(), unmount };
}

async function paymentsOf(guestName: string) {
  const response = await api.request('__payments?all=true', { headers: api.asOperator });
  const rows = (
    (await response.json()) as {
      data: { data: { status: string; amountCents: number; metadata: { guestName: string } }[] };
    }
  ).data.data;
  return rows.filter((row) => row.metadata.guestName === guestName);
}

const amountField = () => screen.getByLabelText('Other (in Dollars)');
const LIMIT = 'You can give up to $970,873.';
/** The field's description: what is wrong with the amount, the most a guest can give, the help. */
const described = (help = '', error = '') => [error, LIMIT, help].filter(Boolean).join(' ');

// First in the file on purpose: the adapter keeps a Stripe.js that loaded (and forgets one that
// failed), so these run before any test has loaded the emulator.
describe('GiftForm before Stripe.js has loaded', () => {
  afterEach(() => {
    mockStripeLoad = null;
  });

  it('says Stripe is not initialized when Pay Now is pressed while Stripe.js is loading', async () => {
    let finishLoading = () => {};
    mockStripeLoad = () =>
      new Promise((resolve) => {
        finishLoading = () => resolve(null);
      });
    const { user, unmount } = await openGiftForm(ava, await guestNamed('Ada Early'));
    try {
      await user.click(screen.getByRole('button', { name: '$15' }));
      await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
      await user.click(await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ }));
      await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Stripe is not initialized.');
    } finally {
      // The guest leaves before Stripe.js settles, so its late answer updates nothing.
      unmount();
      finishLoading();
    }
  });

  it('says Stripe.js is not available, offers no card form and makes no intent', async () => {
    mockStripeLoad = () => Promise.resolve(null);
    const guest = await guestNamed('Noel Nostripe');
    const { user } = await openGiftForm(greenEarth, guest);
    await user.click(screen.getByRole('button', { name: '$20' }));
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Stripe.js not available'),
    );
    await user.click(screen.getByRole('button', { name: /Donate via Debit\/Credit Card/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Stripe.js not available');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(await paymentsOf(guest.fullName)).toEqual([]);
  });
});

describe('GiftForm', () => {
  it('takes whole dollars from the presets or the field and hides the card option before the captcha', async () => {
    const { user } = await openGiftForm(ava, await guestNamed('Pat Field'));
    const fifteen = screen.getByRole('button', { name: '$15' });
    await user.click(fifteen);
    expect(fifteen).toHaveAttribute('aria-pressed', 'true');
    expect(amountField()).toHaveValue('15');

    // Each refused key says why, in the field's description; a separator ends the amount.
    await user.clear(amountField());
    await user.type(amountField(), '1e');
    expect(amountField()).toHaveValue('1');
    expect(amountField()).toHaveAccessibleDescription(described('Digits only'));
    expect(fifteen).toHaveAttribute('aria-pressed', 'false');
    await user.type(amountField(), '-5');
    expect(amountField()).toHaveValue('15');
    await user.type(amountField(), '0.50');
    expect(amountField()).toHaveValue('150');
    expect(amountField()).toHaveAccessibleDescription(described('Whole dollars only'));
    await user.type(amountField(), '{Backspace}1234567');
    expect(amountField()).toHaveValue('151234');
    expect(amountField()).toHaveAccessibleDescription(described('At most 6 digits'));
    expect(amountField()).toHaveAttribute('inputmode', 'numeric');

    await user.clear(amountField());
    await user.click(amountField());
    await user.paste('12.50');
    expect(amountField()).toHaveValue('');
    expect(amountField()).toHaveAccessibleDescription(described('Whole dollars only'));
    await user.paste('１２');
    expect(amountField()).toHaveValue('12');
    expect(amountField()).toHaveAccessibleDescription(described());
    await user.clear(amountField());
    await user.paste('1,000');
    expect(amountField()).toHaveValue('1000');
    expect(amountField()).toHaveAccessibleDescription(described());
    await user.clear(amountField());
    await user.paste('20');
    expect(amountField()).toHaveValue('20');

    expect(
      screen.queryByRole('button', { name: /via Debit\/Credit Card/ }),
    ).not.toBeInTheDocument();
  });

  it('shows the card option with its fee and total once the captcha is passed, and asks for an amount', async () => {
    const { user } = await openGiftForm(ava, await guestNamed('Lee Quick'));
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    const card = await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ });
    expect(card).toHaveTextContent('3.0%+$0.50');
    expect(screen.queryByText(/You will be charged/)).not.toBeInTheDocument();

    await user.click(card);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an amount before proceeding');

    await user.click(screen.getByRole('button', { name: '$10' }));
    expect(screen.getByText('You will be charged $10.80')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('states the most a guest can give, and refuses more in the field before any payment option', async () => {
    const guest = await guestNamed('Max Over');
    const { user } = await openGiftForm(ava, guest);
    expect(screen.getByText(LIMIT)).toBeInTheDocument();
    expect(amountField()).toHaveAccessibleDescription(described());
    expect(amountField()).toHaveAttribute('aria-invalid', 'false');

    await user.type(amountField(), '999999');
    const tooMuch = 'Please enter an amount up to $970,873.';
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveAccessibleDescription(described('', tooMuch));
    // Never a total no card could carry ('You will be charged $1,029,999.47' before).
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    const card = await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ });
    expect(screen.queryByText(/You will be charged/)).not.toBeInTheDocument();
    await user.click(card);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    // Said once, in the field: the section's alert stays empty.
    expect(screen.getAllByText(tooMuch)).toHaveLength(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(await paymentsOf(guest.fullName)).toEqual([]);

    // The most is taken, and its total fits Stripe's maximum.
    await user.clear(amountField());
    await user.type(amountField(), '970873');
    expect(amountField()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(tooMuch)).not.toBeInTheDocument();
    expect(screen.getByText('You will be charged $999,999.69')).toBeInTheDocument();
    await user.click(card);
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await paymentsOf(guest.fullName)).toEqual([
        expect.objectContaining({ amountCents: 97_087_300, status: 'requires_payment_method' }),
      ]),
    );
  });

  it('creates the donation intent, then shows the card form', async () => {
    const guest = await guestNamed('Robin Giver');
    const { user } = await openGiftForm(greenEarth, guest);
    await user.click(screen.getByRole('button', { name: '$20' }));
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await user.click(await screen.findByRole('button', { name: /Donate via Debit\/Credit Card/ }));

    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(await paymentsOf(guest.fullName)).toEqual([
      expect.objectContaining({ amountCents: 2000, status: 'requires_payment_method' }),
    ]);
  });

  it('asks for the captcha again when a new amount follows an intent, then pays the new amount', async () => {
    const guest = await guestNamed('Nia Newamount');
    const { user } = await openGiftForm(ava, guest);
    await openCardFormAtFifteen(user);

    // The $15 intent took the captcha's single-use token: no pay button can work until a new one.
    await user.click(screen.getByRole('button', { name: '$20' }));
    const captcha = await expectCaptchaAskedAgain();
    expect(amountField()).toHaveValue('20');

    await user.click(captcha);
    const card = await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ });
    expect(card).toHaveAttribute('aria-pressed', 'false');
    await user.click(card);
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    // Read while the page may still settle the $20 call's answer (its hook re-renders the form):
    // inside waitFor, that is a render the test waits through, on any machine's timing.
    await waitFor(async () => {
      const amounts = (await paymentsOf(guest.fullName)).map((row) => row.amountCents);
      expect(amounts.sort()).toEqual([1500, 2000]);
    });
  });

  /** With `scenario` on, a new guest picks $10 on Ava's gift form, passes the captcha and taps the card option. */
  async function tapCardUnder(scenario: Record<string, unknown>, name: string) {
    await api.request('__scenarios', jsonPost(scenario));
    const guest = await guestNamed(name);
    const { user } = await openGiftForm(ava, guest);
    await user.click(screen.getByRole('button', { name: '$10' }));
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    const card = await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ });
    await user.click(card);
    return { user, guest, card };
  }

  it('says the payment could not be processed when the answer has no paymentIntent', async () => {
    await tapCardUnder({ name: 'intent-missing' }, 'Kai Missing');

    expect(
      await screen.findByText('Payment could not be processed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });
  it('says the payment could not be processed when the intent call answers 500 (intent-error)', async () => {
    const { guest } = await tapCardUnder({ name: 'intent-error' }, 'Ike Error');

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Payment could not be processed. Please try again.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(await paymentsOf(guest.fullName)).toEqual([]);
  });

  it('says something went wrong when the connection drops on the intent call, and makes none', async () => {
    const { guest } = await tapCardUnder({ name: 'network-drop' }, 'Nora Dropped');

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Something went wrong. Please try again.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(await paymentsOf(guest.fullName)).toEqual([]);
  });

  it('keeps the card option disabled while a slow intent call waits, then shows Pay Now', async () => {
    const { guest, card } = await tapCardUnder({ name: 'slow', delayMs: 3000 }, 'Sol Slow');

    // While the intent call waits: the option cannot be chosen again and there is no card form.
    expect(card).toBeDisabled();
    expect(
      screen
        .getAllByRole('status')
        .some((status) => status.textContent === 'Preparing your payment…'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    expect(
      await screen.findByRole('button', { name: 'Pay Now' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(card).toBeEnabled();
    expect((await paymentsOf(guest.fullName)).map((row) => row.amountCents)).toEqual([1000]);
  }, 30_000);

  it('says invalid Captcha when the captcha is refused, asks for a fresh one and makes no intent', async () => {
    const { user, guest } = await tapCardUnder({ name: 'captcha-fail' }, 'Cal Refused');

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('invalid Captcha'));
    const captcha = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    expect(captcha).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(await paymentsOf(guest.fullName)).toEqual([]);

    // Once the server accepts captchas again, the fresh one lets the guest on to the card form.
    await api.request('__scenarios', jsonPost({ name: null }));
    await user.click(captcha);
    await user.click(await screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ }));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    await waitFor(async () =>
      expect((await paymentsOf(guest.fullName)).map((row) => row.status)).toEqual([
        'requires_payment_method',
      ]),
    );
  });
});
