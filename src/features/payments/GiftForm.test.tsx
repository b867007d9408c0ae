import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetails } from '../../api/contract/types';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { jsonPost, type RunningMockApi } from '../../../mock-api/testing';
import { startPaymentPage, type PaymentPage } from '../../testing/emulatedPage';
import { GiftForm } from './GiftForm';

// The gift-only form against the real mock API and its reCAPTCHA and Stripe.js emulators;
// `mockStripeLoad` replaces the load to see the form while Stripe.js loads or cannot.
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

/** A new guest named `fullName` on `profile`'s gift form. */
async function openGiftForm(profile: typeof ava, fullName: string) {
  const guest = await api.createGuest(fullName);
  const { unmount } = renderWithProviders(
    <GiftForm profile={profile as unknown as UserDetails} guest={guest} />,
    { api },
  );
  return { user: userEvent.setup(), unmount, guest };
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
/** The field holds `value`, and its description says `help`. */
const expectField = (value: string, help?: string) => {
  expect(amountField()).toHaveValue(value);
  expect(amountField()).toHaveAccessibleDescription(described(help));
};
const tipCard = () => screen.findByRole('button', { name: /Tip via Debit\/Credit Card/ });
const passCaptcha = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));

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
    const { user, unmount } = await openGiftForm(ava, 'Ada Early');
    try {
      await user.click(screen.getByRole('button', { name: '$15' }));
      await passCaptcha(user);
      await user.click(await tipCard());
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
    const { user, guest } = await openGiftForm(greenEarth, 'Noel Nostripe');
    await user.click(screen.getByRole('button', { name: '$20' }));
    await passCaptcha(user);
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
    const { user } = await openGiftForm(ava, 'Pat Field');
    const fifteen = screen.getByRole('button', { name: '$15' });
    await user.click(fifteen);
    expect(fifteen).toHaveAttribute('aria-pressed', 'true');
    expect(amountField()).toHaveValue('15');

    // A refused key says why, in the field's description (digits only, whole dollars, a typed
    // comma: e2e/amount.spec.ts); a pasted decimal is refused whole.
    await user.clear(amountField());
    await user.type(amountField(), '1234567');
    expectField('123456', 'At most 6 digits');
    expect(fifteen).toHaveAttribute('aria-pressed', 'false');
    expect(amountField()).toHaveAttribute('inputmode', 'numeric');

    await user.clear(amountField());
    await user.click(amountField());
    await user.paste('12.50');
    expectField('', 'Whole dollars only');

    expect(
      screen.queryByRole('button', { name: /via Debit\/Credit Card/ }),
    ).not.toBeInTheDocument();
  });

  it('shows the card option with its fee and total once the captcha is passed, and asks for an amount', async () => {
    const { user } = await openGiftForm(ava, 'Lee Quick');
    await passCaptcha(user);
    const card = await tipCard();
    expect(card).toHaveTextContent('3.0%+$0.50');
    expect(screen.queryByText(/You will be charged/)).not.toBeInTheDocument();

    await user.click(card);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an amount before proceeding');

    await user.click(screen.getByRole('button', { name: '$10' }));
    expect(screen.getByText('You will be charged $10.80')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('states the most a guest can give, and refuses more in the field before any payment option', async () => {
    const { user, guest } = await openGiftForm(ava, 'Max Over');
    expect(screen.getByText(LIMIT)).toBeInTheDocument();
    expect(amountField()).toHaveAccessibleDescription(described());
    expect(amountField()).toHaveAttribute('aria-invalid', 'false');

    await user.type(amountField(), '999999');
    const tooMuch = 'Please enter an amount up to $970,873.';
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveAccessibleDescription(described('', tooMuch));
    // Never a total no card could carry ('You will be charged $1,029,999.47' before).
    await passCaptcha(user);
    const card = await tipCard();
    expect(screen.queryByText(/You will be charged/)).not.toBeInTheDocument();
    await user.click(card);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
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

  /** With `scenario` on, a new guest picks $10 on Ava's form, passes the captcha, taps the card. */
  async function tapCardUnder(scenario: Record<string, unknown>, name: string) {
    await api.request('__scenarios', jsonPost(scenario));
    const { user, guest } = await openGiftForm(ava, name);
    await user.click(screen.getByRole('button', { name: '$10' }));
    await passCaptcha(user);
    const card = await tipCard();
    await user.click(card);
    return { user, guest, card };
  }

  const NOT_PROCESSED = 'Payment could not be processed. Please try again.';
  it.each([
    // intent-error (a 500) says the same: e2e/scenarios.spec.ts.
    ['intent-missing', 'Kai Missing', NOT_PROCESSED], // an answer without a paymentIntent
    ['network-drop', 'Nora Dropped', 'Something went wrong. Please try again.'],
  ])('under %s: says so, offers no card form and makes no intent', async (name, who, message) => {
    const { guest } = await tapCardUnder({ name }, who);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(await paymentsOf(guest.fullName)).toEqual([]);
  });

  it('keeps the card option disabled while a slow intent call waits, then shows Pay Now', async () => {
    const { guest, card } = await tapCardUnder({ name: 'slow', delayMs: 3000 }, 'Sol Slow');

    expect(card).toBeDisabled();
    const statuses = screen.getAllByRole('status').map((status) => status.textContent);
    expect(statuses).toContain('Preparing your payment…');
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

    await api.request('__scenarios', jsonPost({ name: null }));
    await user.click(captcha);
    await user.click(await tipCard());
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    await waitFor(async () =>
      expect((await paymentsOf(guest.fullName)).map((row) => row.status)).toEqual([
        'requires_payment_method',
      ]),
    );
  });
});
