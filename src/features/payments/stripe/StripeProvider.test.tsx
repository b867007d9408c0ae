import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { StripeProvider, useElements } from './StripeProvider';

// Stripe.js that cannot load: the provider reports the spec's text and children still render.
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.resolve(null) }));
jest.mock('@/config/env', () => ({
  getAppConfig: () => ({ stripePublishableKey: 'pk_test_emulator' }),
}));

function StripeState() {
  const elements = useElements();
  return <p>{elements ? 'Stripe ready' : 'Stripe not loaded'}</p>;
}

describe('StripeProvider', () => {
  it('tells the page that Stripe.js is not available', async () => {
    const onLoadError = jest.fn();
    render(
      <StripeProvider amountCents={1080} onLoadError={onLoadError}>
        <StripeState />
      </StripeProvider>,
    );
    expect(screen.getByText('Stripe not loaded')).toBeInTheDocument();
    await waitFor(() => expect(onLoadError).toHaveBeenCalledWith('Stripe.js not available'));
    expect(screen.getByText('Stripe not loaded')).toBeInTheDocument();
  });
});
