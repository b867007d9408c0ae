import { isSentQuery, paths, redirectedPaymentSecret, withoutResultParams } from './paths';

describe('isSentQuery', () => {
  it.each([
    ['?show=true', true],
    ['?show', true],
    ['?redirect_status=succeeded&payment_intent=pi_1', true],
    ['?redirect_status=failed', false],
    ['', false],
    ['?shown=1', false],
  ])('%j -> %s', (search, expected) => {
    expect(isSentQuery(search)).toBe(expected);
  });
});

describe('redirectedPaymentSecret', () => {
  it.each([
    ['?redirect_status=succeeded&payment_intent_client_secret=pi_1_secret_a', 'pi_1_secret_a'],
    ['?redirect_status=failed&payment_intent_client_secret=pi_1_secret_a', 'pi_1_secret_a'],
    ['?redirect_status=succeeded&payment_intent=pi_1', null],
    // A sent recognition is not a payment to read back, whatever else the address carries.
    ['?show=true&payment_intent_client_secret=pi_1_secret_a', null],
    ['', null],
  ])('%s -> %s', (search, expected) => {
    expect(redirectedPaymentSecret(search)).toBe(expected);
  });
});

describe('withoutResultParams', () => {
  it('removes show and the payment result parameters, keeping the rest', () => {
    expect(
      withoutResultParams(
        'http://localhost:3000/user_profile/ava?show=true&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded&ref=qr',
      ),
    ).toBe('http://localhost:3000/user_profile/ava?ref=qr');
  });

  it('leaves a clean address as it is', () => {
    expect(withoutResultParams('http://localhost:3000/user_profile/ava')).toBe(
      'http://localhost:3000/user_profile/ava',
    );
  });
});

describe('paths.profile.href', () => {
  it('builds the profile address, and the addresses that say something was sent', () => {
    expect(paths.profile.href('ava martinez')).toBe('/user_profile/ava%20martinez');
    expect(paths.profile.href('ava', { sent: 'recognition' })).toBe('/user_profile/ava?show=true');
    expect(paths.profile.href('ava', { sent: 'payment' })).toBe(
      '/user_profile/ava?redirect_status=succeeded',
    );
  });

  it('builds sent addresses that the parser reads as sent, and clears them again', () => {
    for (const sent of ['recognition', 'payment'] as const) {
      const url = new URL(paths.profile.href('ava', { sent }), 'http://localhost');
      expect(isSentQuery(url.search)).toBe(true);
      expect(withoutResultParams(url.href)).toBe('http://localhost/user_profile/ava');
    }
    expect(isSentQuery(paths.profile.href('ava'))).toBe(false);
  });
});
