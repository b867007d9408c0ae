// A form that may pay asks for Stripe.js from its first render, while the guest chooses an amount
// and ticks the captcha, not once the payment options show (issue 36). A file of its own: the page
// has no Stripe.js here, so the adapter's one load never ends.
import { screen } from '@testing-library/react';
import type { UserDetails } from '../../api/contract/types';
import { renderWithProviders } from '../../testing/renderWithProviders';
import type { RunningMockApi } from '../../../mock-api/testing';
import { startPaymentPage, type PaymentPage } from '../../testing/emulatedPage';
import { GiftForm } from './GiftForm';

let api: RunningMockApi;
let page: PaymentPage;

beforeAll(async () => {
  page = await startPaymentPage(['/__recaptcha/api.js']);
  api = page.api;
});

afterAll(() => page.close());

/* eslint-disable testing-library/no-node-access -- the script tag Stripe's loader adds is not UI */
const stripeScripts = () => document.head.querySelectorAll('script[src^="https://js.stripe.com/"]');

it('asks for Stripe.js as the gift form shows, before the captcha is passed', async () => {
  const bluebird = { _id: 'bluebird-cafe', userName: 'bluebird.cafe', businessType: 'WORKPLACE' };
  expect(stripeScripts()).toHaveLength(0);
  renderWithProviders(
    <GiftForm
      profile={bluebird as unknown as UserDetails}
      guest={await api.createGuest('Ada Ahead')}
    />,
    { api },
  );
  expect(await screen.findByRole('button', { name: '$10' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Tip via Debit\/Credit Card/ })).toBeNull();
  expect(stripeScripts()).toHaveLength(1);
});
