import { shouldCongratulate, withoutResultParams } from './congratulations';

describe('shouldCongratulate', () => {
  it.each([
    ['?show=true', true],
    ['?show', true],
    ['?redirect_status=succeeded&payment_intent=pi_1', true],
    ['?redirect_status=failed', false],
    ['', false],
    ['?shown=1', false],
  ])('%j -> %s', (search, expected) => {
    expect(shouldCongratulate(search)).toBe(expected);
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
